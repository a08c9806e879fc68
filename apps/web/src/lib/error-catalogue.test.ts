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

  it('fills a field error with the answer’s parameters: the upload quota names its limits (issue 22)', () => {
    const quota = { message: 'Upload quota reached', message_key: 'upload_quota_exceeded', message_params: { files: 200, mb: 2048 }, errors: { file: ['upload_quota_exceeded'] } };
    expect(describeError(response(429, quota), i18n.getFixedT('no'))).toEqual({
      title: '429',
      description: 'Du har lastet opp for mange filer som ikke er tatt i bruk ennå (høyst 200 filer eller 2048 MB per døgn). Prøv igjen senere.',
    });
    // A count among the parameters still finds a text without plural forms.
    const rows = { message_params: { count: 3 }, errors: { file: ['rows_have_errors'] } };
    expect(describeError(response(422, rows), t)?.description).toBe('Some rows of the file have errors');
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
