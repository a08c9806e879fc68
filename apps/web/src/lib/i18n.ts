import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, LANGUAGE_STORAGE_KEY, type Language } from '@promo/shared';
import no from 'virtual:locale-no-core';

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
  // The page on screen may read texts of the second part: switched once they are here.
  if (lang === 'no' && !noPagesLoaded) void pageTexts(lang).then(() => i18n.changeLanguage(lang));
  else void i18n.changeLanguage(lang);
}

let noPages: Promise<void> | null = null;
let noPagesLoaded = false;
/**
 * The Norwegian texts of the staff pages that are chunks of their own (build/locale-split.ts):
 * not in the first script; the router awaits them before it shows a page. English has every text
 * in its own chunk. Offline (a station's pages read none of them) a failed fetch is tried again next time.
 */
export function pageTexts(lang: string = i18n.language): Promise<void> {
  if (lang !== 'no') return Promise.resolve();
  // The first part first: i18next loads no language it already holds texts of.
  noPages ??= Promise.all([i18n.loadLanguages('no'), import('virtual:locale-no-pages')]).then(
    ([, m]) => {
      i18n.addResourceBundle('no', 'translation', m.default, true, false);
      noPagesLoaded = true;
    },
    (err: unknown) => {
      noPages = null;
      throw err;
    },
  );
  return noPages;
}

/**
 * Norwegian, the default, is in the first script; English is a chunk of its own, fetched when it
 * is chosen, so the sign-in page does not carry both (the bundle budget of decision 016).
 */
const bundles: BackendModule = {
  type: 'backend',
  init: () => {},
  read: (lang, _ns, done) => {
    if (lang === 'no') return done(null, no as ResourceKey);
    import('../locales/en.json').then(
      (en) => done(null, en.default as ResourceKey),
      (err: Error) => done(err, false),
    );
  },
};

/**
 * Ready once the chosen language is loaded: at once for Norwegian, after its chunk for English
 * (main.tsx renders then). No fallback language: both files hold the same keys (locales.test.ts),
 * and a fallback would fetch English too.
 */
const initialised = i18n
  .use(bundles)
  .use(initReactI18next)
  .init({
    lng: storedLanguage(),
    fallbackLng: false,
    // A bundle the backend has at hand is taken in the same tick.
    initAsync: false,
    // The component tests switch languages and read both (they wait for i18nReady).
    preload: import.meta.env.MODE === 'test' ? [...LANGUAGES] : [],
    interpolation: { escapeValue: false },
    returnNull: false,
  });

/** The component tests read texts of every page at once. */
export const i18nReady = import.meta.env.MODE === 'test' ? initialised.then(() => pageTexts('no')) : initialised;
// Fetched beside the first render, so a page seldom waits for them.
if (import.meta.env.MODE !== 'test') void pageTexts().catch(() => {});

export default i18n;
