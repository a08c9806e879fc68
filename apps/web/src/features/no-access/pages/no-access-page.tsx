import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ShieldX } from 'lucide-react';

/**
 * What a signed-in user sees in place of a page or an object its role may not open: a route of
 * another role, or a 403 answer (a design of another category). Missing things stay 'Page not found'.
 */
export default function NoAccessPage() {
  const { t } = useTranslation();
  return (
    <section className="grid justify-items-center gap-4 py-16 text-center" data-testid="no-access">
      <ShieldX className="size-12 text-muted-foreground" aria-hidden />
      <h1 className="text-3xl font-semibold">{t('no_access.title')}</h1>
      <p className="text-muted-foreground">{t('no_access.text')}</p>
      <Link to="/" className="text-primary underline-offset-4 hover:underline">
        {t('no_access.home')}
      </Link>
    </section>
  );
}
