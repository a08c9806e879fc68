import { lazy, Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isAxiosError } from 'axios';
import { Pencil } from 'lucide-react';
import { can } from '@promo/shared';
import { Button } from '@/components/ui/button';
import { isRefusal } from '@/lib/error-catalogue';
import { useCurrentUser } from '@/lib/session';
import NoAccessPage from '@/features/no-access/pages/no-access-page';
import { DesignStatus } from '@/features/promotions/components/design-status';
import { DeadlineBadge } from '@/features/promotions/components/deadline-badge';
import { designPageQuery, type DesignPageIds } from '../api';
import { DesignChat } from '../chat/design-chat';
import { BriefFiles } from '../components/brief-files';
import { BriefFormDialog } from '../components/brief-form-dialog';
import { BriefInfo } from '../components/brief-info';
import { BriefProducts } from '../components/brief-products';
import { DesignBreadcrumb } from '../components/design-breadcrumb';
import { DesignerBinding } from '../components/designer-binding';
import { OpenPinsBadge } from '../proofing/open-pins-badge';
import { useDesignStatusLive } from '../use-design-status-live';
import { DesignReviews } from '@/features/reviews/panel/design-reviews';

/** A design made from a template has a Signs panel; its code loads with it, not with every design page. */
const SignsPanel = lazy(() => import('@/features/signs/panel/signs-panel'));

const digits = (v: string | null) => (v && /^\d+$/.test(v) ? Number(v) : null);

/** The three ids of the query, each all digits, else null. */
function readIds(params: URLSearchParams): DesignPageIds | null {
  const [promotion_id, surface_id, surface_design_id] = ['prom_id', 'sur_id', 'prom_sur_des_id'].map((k) => digits(params.get(k)));
  if (!promotion_id || !surface_id || !surface_design_id) return null;
  return { promotion_id, surface_id, surface_design_id };
}

/** A design that is not there: missing (404) or ids out of range (422). One the user may not see (403) says so. */
const isMissing = (err: unknown) => isAxiosError(err) && [404, 422].includes(err.response?.status ?? 0);

/** /promotion-design?prom_id=&sur_id=&prom_sur_des_id= (spec 001 §2.4): the chat left, the brief right. */
export default function PromotionDesignPage() {
  const [params] = useSearchParams();
  const ids = readIds(params);
  if (!ids) return <Navigate to="/not-found-404" replace />;
  return <DesignPage ids={ids} />;
}

function DesignPage({ ids }: { ids: DesignPageIds }) {
  const { t } = useTranslation();
  const me = useCurrentUser()!;
  const page = useQuery(designPageQuery(ids));
  const [editing, setEditing] = useState(false);
  useDesignStatusLive(ids.surface_design_id, page.data?.chat_id ?? 0);

  if (page.isPending) return <p className="text-muted-foreground">{t('common.load_data')}</p>;
  if (isRefusal(page.error)) return <NoAccessPage refusal={page.error} />;
  // Empty data or a missing chat goes to the 404 page; other load failures are silent (spec 001 §8).
  if ((page.isSuccess && !page.data?.chat_id) || isMissing(page.error)) return <Navigate to="/not-found-404" replace />;
  if (!page.data) return <p className="text-muted-foreground">{t('design.not_loaded')}</p>;
  const data = page.data;
  const mayEdit = can(me.role, 'designs.editBrief');

  return (
    <section className="grid gap-4" data-testid="design-page">
      <DesignBreadcrumb data={data} />
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="flex flex-wrap items-center gap-3 text-2xl font-semibold">
            {data.name} <DesignStatus status={data.data.status} /> <OpenPinsBadge count={data.open_pins} />
          </h1>
          <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            <span>
              {data.surface.name} · {data.category.name}
            </span>
            <DeadlineBadge deadline={data.promotion.deadline} />
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <DesignerBinding data={data} role={me.role} />
          {mayEdit && (
            <Button onClick={() => setEditing(true)}>
              <Pencil /> {t('design.edit')}
            </Button>
          )}
        </div>
      </header>
      {can(me.role, 'signs.view') && (
        <Suspense fallback={null}>
          <SignsPanel psdId={data.id} chatId={data.chat_id} briefProducts={data.data.products.map((p) => ({ id: p.product_id, name: p.product.name }))} />
        </Suspense>
      )}
      {/* A phone reads the reviews first, then the chat and the brief; a wide screen has the chat left, the reviews above the brief right. */}
      <div className="grid items-start gap-4 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="min-w-0 empty:hidden xl:col-start-2 xl:row-start-1" data-testid="design-reviews-column">
          <DesignReviews chatId={data.chat_id} />
        </div>
        <div className="min-w-0 xl:col-start-1 xl:row-span-2 xl:row-start-1" data-testid="design-chat-column">
          <DesignChat chatId={data.chat_id} designStatus={data.data.status} designer={data.designer} />
        </div>
        <div className="grid min-w-0 gap-4 xl:col-start-2 xl:row-start-2" data-testid="design-brief">
          <BriefInfo data={data} />
          <BriefFiles psdId={data.id} files={data.data.files} editable={mayEdit} />
          <BriefProducts psdId={data.id} products={data.data.products} editable={mayEdit} />
        </div>
      </div>
      {mayEdit && <BriefFormDialog open={editing} onOpenChange={setEditing} data={data} />}
    </section>
  );
}
