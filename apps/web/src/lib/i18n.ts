import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, LANGUAGE_STORAGE_KEY, type Language } from '@promo/shared';
import en from '../locales/en.json';
import no from '../locales/no.json';

export const isLanguage = (v: unknown): v is Language => LANGUAGES.includes(v as Language);

export function storedLanguage(): Language {
  const v = typeof localStorage === 'undefined' ? null : localStorage.getItem(LANGUAGE_STORAGE_KEY);
  return isLanguage(v) ? v : DEFAULT_LANGUAGE;
}

/** Only en and no are accepted; any other value is ignored (spec 000 §5). */
export function setLanguage(lang: string) {
  if (!isLanguage(lang)) return;
  localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  document.documentElement.lang = lang;
  void i18n.changeLanguage(lang);
}

void i18n.use(initReactI18next).init({
  resources: { no: { translation: no }, en: { translation: en } },
  lng: storedLanguage(),
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  returnNull: false,
});

export default i18n;
