import { useTranslation } from 'react-i18next';
import { Truck } from 'lucide-react';

/** What a distributor account that system settings do not name sees in place of the distributor's pages (decision 026). */
export function NotNamedDistributor() {
  const { t } = useTranslation();
  return (
    <section className="grid justify-items-center gap-4 py-16 text-center" data-testid="not-named-distributor">
      <Truck className="size-12 text-muted-foreground" aria-hidden />
      <h1 className="text-3xl font-semibold">{t('distribution.not_named_title')}</h1>
      <p className="max-w-prose text-muted-foreground">{t('distribution.not_named_text')}</p>
    </section>
  );
}
