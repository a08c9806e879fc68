import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loginBody } from './contract/auth';
import { EMAIL_PATTERN, loginFieldErrors, type LoginValues } from './login-rules';

/** What the sign-in form showed when it validated with the schema: the first issue of each field. */
function schemaErrors(values: LoginValues): Partial<Record<keyof LoginValues, string>> {
  const result = loginBody.safeParse(values);
  const errors: Partial<Record<keyof LoginValues, string>> = {};
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path[0] as keyof LoginValues;
    errors[field] ??= issue.message;
  }
  return errors;
}

const emailLike = fc.oneof(
  fc.emailAddress(),
  fc.string({ maxLength: 30 }),
  fc.tuple(fc.string({ maxLength: 10 }), fc.constantFrom('@', '@demo.', '@demo.no', '.', ' '), fc.string({ maxLength: 10 })).map((p) => p.join('')),
  fc.string({ minLength: 240, maxLength: 300 }).map((s) => `${s}@demo.no`),
);
const passwordLike = fc.oneof(fc.string({ maxLength: 12 }), fc.stringMatching(/^[0-9a-zA-Z ]{0,12}$/), fc.string({ minLength: 250, maxLength: 300 }));

describe('the sign-in rules without zod', () => {
  it('uses the email pattern zod uses', () => {
    expect(EMAIL_PATTERN.source).toBe(z.regexes.email.source);
  });

  it('answer what loginBody answers, field by field, for any input', () => {
    fc.assert(
      fc.property(emailLike, passwordLike, (email, password) => {
        expect(loginFieldErrors({ email, password })).toEqual(schemaErrors({ email, password }));
      }),
      { numRuns: 500 },
    );
  });

  it('name the rules of spec 000 §5', () => {
    expect(loginFieldErrors({ email: ' ', password: '' })).toEqual({ email: 'email_required', password: 'required_field' });
    expect(loginFieldErrors({ email: 'admin@demo', password: 'abc1' })).toEqual({ email: 'valid_email' });
    expect(loginFieldErrors({ email: 'admin@demo.no', password: '12345678' })).toEqual({ password: 'password_latin_letters' });
    expect(loginFieldErrors({ email: ' admin@demo.no ', password: 'Demo2026' })).toEqual({});
  });
});
