import { describe, expect, it } from 'vitest';
import { lockoutMailText } from './lockout-mail';

describe('the mail when a lockout starts', () => {
  it('is in the language of the last sign-in, or in both when the app does not know it', () => {
    const no = lockoutMailText('no', 60, 'https://kampanje.example.no/login');
    expect(no.subject).toBe('Innlogging på kontoen din er sperret');
    expect(no.text).toContain('opptil 60 minutter');
    expect(no.text).toContain('https://kampanje.example.no/login');
    expect(no.text).not.toContain('Sign-in');
    const both = lockoutMailText(null, 60);
    expect(both.subject).toBe('Innlogging på kontoen din er sperret / Sign-in to your account is locked');
    expect(both.text).toContain('nettlesere du har logget inn fra før');
    expect(both.text).toContain('browsers you have signed in from before');
  });
});
