import { z } from 'zod';
import { MAX_TEXT_LENGTH, MIN_NAME_LENGTH, MIN_PASSWORD_LENGTH } from './constants';
import { DIGIT, EMAIL_PATTERN, LATIN_LETTER } from './login-rules';

/**
 * Field rules shared by the forms and the server. Messages are keys of the `validation`
 * section of the locale files.
 */
export const emailField = z
  .string({ error: 'email_required' })
  .trim()
  .min(1, 'email_required')
  .max(MAX_TEXT_LENGTH, 'max_length')
  .pipe(z.email({ pattern: EMAIL_PATTERN, error: 'valid_email' }));

/** Signing in checks no length: the 8 characters are a rule for setting a password (issue 22). */
export const loginPasswordField = z
  .string({ error: 'required_field' })
  .min(1, 'required_field')
  .max(MAX_TEXT_LENGTH, 'max_length')
  .regex(LATIN_LETTER, 'password_latin_letters');

/** A password a user may be given: 8+ characters, a Latin letter and a digit. */
export const newPasswordField = z
  .string({ error: 'required_field' })
  .min(1, 'required_field')
  .min(MIN_PASSWORD_LENGTH, 'password_min_8')
  .max(MAX_TEXT_LENGTH, 'max_length')
  .regex(LATIN_LETTER, 'password_latin_letters')
  .regex(DIGIT, 'password_digit');

export const nameField = z
  .string({ error: 'required_field' })
  .trim()
  .min(1, 'required_field')
  .min(MIN_NAME_LENGTH, 'name_min_2_chars')
  .max(MAX_TEXT_LENGTH, 'max_length');

/** The change-password input keeps letters and digits only (spec 000 §5). */
export function lettersAndDigitsOnly(value: string): string {
  return value.replace(/[^A-Za-z0-9]/g, '');
}

/** A required text of at least 2 characters that is not a name (product fields). */
export const textField = z
  .string({ error: 'required_field' })
  .trim()
  .min(1, 'required_field')
  .min(MIN_NAME_LENGTH, 'min_2_chars')
  .max(MAX_TEXT_LENGTH, 'max_length');
