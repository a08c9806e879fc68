import { useTranslation } from 'react-i18next';

export const MAIN_CONTENT_ID = 'main-content';

/** The first stop of the keyboard: above the screen until focused, it moves focus past the menus to the page. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      onClick={(event) => {
        // Focus, not a hash in the URL: the router owns the URL, and the list state lives there.
        event.preventDefault();
        const main = document.getElementById(MAIN_CONTENT_ID);
        main?.focus();
        main?.scrollIntoView();
      }}
      className="fixed top-2 left-2 z-[100] -translate-y-[calc(100%+1rem)] rounded-md bg-primary px-4 py-2 text-sm font-medium text-primary-foreground focus:translate-y-0"
    >
      {t('header.skip_to_content')}
    </a>
  );
}
