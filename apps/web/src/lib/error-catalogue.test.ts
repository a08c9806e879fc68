import { describe, expect, it } from 'vitest';
import i18n from './i18n';
import { describeError } from './error-catalogue';

const t = i18n.getFixedT('en');
const response = (status: number, data: object) => ({ message: 'Request failed', code: 'ERR_BAD_RESPONSE', response: { status, data } }) as never;

describe('the error catalogue (spec 000 §8)', () => {
  it('explains a network error and a timeout', () => {
    expect(describeError({ message: 'Network Error', code: 'ERR_NETWORK' } as never, t)).toEqual({
      title: 'Error',
      description: 'No internet connection or the server is unavailable.',
    });
    expect(describeError({ message: 'timeout', code: 'ECONNABORTED' } as never, t)?.description).toBe(
      'The request took too long, the server might be unavailable.',
    );
  });

  it('shows a refused change, and leaves a refused read to its page', () => {
    const refused = (method: string) =>
      ({ message: 'Request failed', response: { status: 403, data: { message: 'No access', message_key: 'no_access' } }, config: { method } }) as never;
    expect(describeError(refused('delete'), t)).toEqual({ title: '403', description: 'No access' });
    expect(describeError(refused('post'), i18n.getFixedT('no'))?.description).toBe('Ingen tilgang');
    expect(describeError(refused('get'), t)).toBeNull();
  });

  it('titles with the status and joins field errors by line breaks, translated', () => {
    const shown = describeError(response(422, { message: 'Validation failed', errors: { email: ['valid_email'], name: ['name_min_2_chars'] } }), t);
    expect(shown).toEqual({
      title: '422',
      description: 'Enter a valid email address\nThe name must have at least 2 characters',
    });
    expect(describeError(response(422, { errors: ['first', 'second'] }), t)?.description).toBe('first\nsecond');
  });

  it('falls back to the message, then to the generic texts', () => {
    expect(describeError(response(409, { message: 'Something specific' }), t)?.description).toBe('Something specific');
    expect(describeError(response(422, {}), t)?.description).toBe('Validation failed');
    expect(describeError(response(500, {}), t)?.description).toBe('An unknown error occurred');
    expect(describeError(response(429, { message: 'x', message_key: 'too_many_attempts', message_params: { minutes: 3 } }), i18n.getFixedT('no'))?.description).toBe(
      'For mange mislykkede innlogginger. Prøv igjen om 3 minutter.',
    );
  });
});
