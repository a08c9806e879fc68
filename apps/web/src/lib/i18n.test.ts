import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import i18n, { i18nReady, setLanguage, storedLanguage } from './i18n';

// Both bundles loaded first: a switch takes effect in the same tick only then (run alone, the test
// switched before the English bundle had arrived).
beforeAll(() => i18nReady);
beforeEach(() => localStorage.clear());

describe('language', () => {
  it('defaults to Norwegian and ignores anything but no and en', () => {
    expect(storedLanguage()).toBe('no');
    localStorage.setItem('LANGUAGE', 'de');
    expect(storedLanguage()).toBe('no');
    const before = i18n.language;
    setLanguage('de');
    expect(i18n.language).toBe(before);
  });

  it('switches and remembers the language', () => {
    setLanguage('en');
    expect(localStorage.getItem('LANGUAGE')).toBe('en');
    expect(i18n.language).toBe('en');
    expect(storedLanguage()).toBe('en');
    setLanguage('no');
    expect(i18n.t('nav.users')).toBe('Brukere');
  });
});
