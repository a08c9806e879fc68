import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SSO_OUTCOMES, type SsoOutcome } from '@promo/shared';

/**
 * Where a single sign-on that opened no session ends (decision 035): a station waiting for the
 * admin to add its name, or a refusal (deactivated, no mapped group, unverified e-mail, failed).
 */
const TEXTS: Record<SsoOutcome, { title: string; text: string }> = {
  waiting: { title: 'sso.waiting_title', text: 'sso.waiting' },
  account_inactive: { title: 'sso.account_inactive_title', text: 'sso.account_inactive' },
  unmapped_group: { title: 'sso.unmapped_group_title', text: 'sso.unmapped_group' },
  email_unverified: { title: 'sso.email_unverified_title', text: 'sso.email_unverified' },
  failed: { title: 'sso.failed_title', text: 'sso.failed' },
};

export default function SsoOutcomePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const given = params.get('outcome');
  const outcome: SsoOutcome = (SSO_OUTCOMES as readonly string[]).includes(given ?? '') ? (given as SsoOutcome) : 'failed';
  return (
    <div className="w-full max-w-md rounded-lg border border-border bg-background p-8 shadow-sm" data-testid="sso-outcome" data-outcome={outcome}>
      <p className="text-sm text-muted-foreground">{t('sso.title')}</p>
      <h1 className="mb-3 text-2xl font-semibold">{t(TEXTS[outcome].title)}</h1>
      <p role={outcome === 'waiting' ? 'status' : 'alert'} className="mb-6 text-sm">
        {t(TEXTS[outcome].text)}
      </p>
      <Link to="/login" className="text-sm font-medium text-primary hover:underline">
        {t('sso.back')}
      </Link>
    </div>
  );
}
