import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ShieldX } from 'lucide-react';
import type { FailedRequest } from '@/lib/error-text';

/** Why the server refused an object: a design of a category the cm does not manage, or another reason. */
const REFUSAL_TEXTS: Record<string, string> = { outside_categories: 'server.outside_categories' };

/**
 * What a signed-in user sees in place of a page or an object it may not open: a route of another
 * role (no `refusal`), or a 403 answer (`refusal`: a design of another category, another user's
 * feedback thread), which says what was refused rather than blaming the role. Missing things stay 'Page not found'.
 */
export default function NoAccessPage({ refusal }: { refusal?: unknown }) {
  const { t } = useTranslation();
  const key = (refusal as FailedRequest | undefined)?.response?.data?.message_key;
  const text = refusal === undefined ? 'no_access.text' : (REFUSAL_TEXTS[key ?? ''] ?? 'no_access.object');
  return (
    <section className="grid justify-items-center gap-4 py-16 text-center" data-testid="no-access">
      <ShieldX className="size-12 text-muted-foreground" aria-hidden />
      <h1 className="text-3xl font-semibold">{t('no_access.title')}</h1>
      <p className="text-muted-foreground">{t(text)}</p>
      <Link to="/" className="text-primary underline-offset-4 hover:underline">
        {t('no_access.home')}
      </Link>
    </section>
  );
}
