import { Suspense } from 'react';
import { Navigate, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { getBearerToken, useCurrentUser } from '@/lib/session';
import { Header } from '../header';
import { QueryProvider } from '../providers';
import { MAIN_CONTENT_ID, SkipLink } from '../skip-link';
import { Sidebar } from '../sidebar';

/** The signed-in shell: without the bearer-token cookie the visitor goes to /login. */
export function MainLayout() {
  const user = useCurrentUser();
  const { t } = useTranslation();
  if (!user || !getBearerToken()) return <Navigate to="/login" replace />;
  return (
    <QueryProvider>
      <div className="flex min-h-screen">
        <SkipLink />
        <aside className="hidden w-60 shrink-0 bg-slate-900 lg:block">
          <div className="flex h-14 items-center px-5 text-lg font-semibold text-white">{t('app.name')}</div>
          <Sidebar role={user.role} />
        </aside>
        <div className="flex min-w-0 flex-1 flex-col">
          <Header user={user} />
          <main id={MAIN_CONTENT_ID} tabIndex={-1} className="min-w-0 flex-1 p-4 pb-[calc(1rem+var(--offline-status-height,0px))] outline-none lg:p-6 lg:pb-[calc(1.5rem+var(--offline-status-height,0px))]">
            <Suspense fallback={<p className="text-muted-foreground">{t('common.load_data')}</p>}>
              <Outlet />
            </Suspense>
          </main>
        </div>
      </div>
    </QueryProvider>
  );
}
