import { MAX_TEXT_LENGTH } from './constants';

/*
 * Patterns of the field rules, free of zod: the sign-in page checks its two fields with
 * `loginFieldErrors` and loads no zod (it is the first page everyone opens, issue 13). validation.ts
 * builds the schemas from the same patterns, and login-rules.test.ts holds `loginFieldErrors` to
 * the answer of `loginBody`.
 */
export const LATIN_LETTER = /[A-Za-z]/;
export const DIGIT = /\d/;
/** zod's own email pattern (`z.regexes.email`), written here so that the sign-in page needs no zod. */
// eslint-disable-next-line no-useless-escape -- character for character as zod writes it (the test compares the two)
export const EMAIL_PATTERN = /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;

export interface LoginValues {
  email: string;
  password: string;
}

function emailError(value: string): string | undefined {
  const email = value.trim();
  if (!email) return 'email_required';
  if (email.length > MAX_TEXT_LENGTH) return 'max_length';
  if (!EMAIL_PATTERN.test(email)) return 'valid_email';
  return undefined;
}

/** No length rule: a short password is a wrong one, answered as any other (issue 22). */
function passwordError(password: string): string | undefined {
  if (!password) return 'required_field';
  if (password.length > MAX_TEXT_LENGTH) return 'max_length';
  if (!LATIN_LETTER.test(password)) return 'password_latin_letters';
  return undefined;
}

/** The first broken rule of each sign-in field, as a key under `validation` (spec 000 §5). */
export function loginFieldErrors(values: LoginValues): Partial<Record<keyof LoginValues, string>> {
  const errors: Partial<Record<keyof LoginValues, string>> = {};
  const email = emailError(values.email);
  const password = passwordError(values.password);
  if (email) errors.email = email;
  if (password) errors.password = password;
  return errors;
}
