import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@/lib/session';
import { PushDevices } from '@/features/push/push-devices';
import { WaitingPanel } from '../components/waiting-panel';

/**
 * The start page (spec 000 §2, one-second loading state under its heading, issue 33): the welcome,
 * what waits for the user (issue 15) and this device's push notifications (issue 21).
 */
export default function DashboardPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setLoading(false), 1000);
    return () => clearTimeout(timer);
  }, []);
  return (
    <section className="grid gap-6 rounded-lg border border-border bg-background p-6 max-sm:p-4">
      <div>
        <h1 className="text-2xl font-semibold">{t('dashboard.title')}</h1>
        {/* The heading stands from the start; what follows it waits out the loading second. */}
        <p className="mt-2 text-muted-foreground" role={loading ? 'status' : undefined}>
          {loading ? t('common.load_data') : t('dashboard.welcome', { name: user?.name ?? '' })}
        </p>
      </div>
      {!loading && user && <WaitingPanel userId={user.id} footer={<PushDevices className="mt-4 border-t border-border pt-4" />} />}
    </section>
  );
}
