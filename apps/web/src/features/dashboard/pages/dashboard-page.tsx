import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@/lib/session';

/** The home page is a placeholder with a one-second loading state (spec 000 §2). */
export default function DashboardPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setLoading(false), 1000);
    return () => clearTimeout(timer);
  }, []);
  if (loading) return <p className="text-muted-foreground">{t('common.load_data')}</p>;
  return (
    <section className="rounded-lg border border-border bg-background p-6">
      <h1 className="text-2xl font-semibold">{t('dashboard.title')}</h1>
      <p className="mt-2 text-muted-foreground">{t('dashboard.welcome', { name: user?.name ?? '' })}</p>
    </section>
  );
}
