import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ArrowLeft } from 'lucide-react';
import { isAxiosError } from 'axios';
import { PROMOTION_STATUS_NAMES } from '@promo/shared';
import { isRefusal } from '@/lib/error-catalogue';
import { formatDay } from '@/lib/format';
import { NothingKeptOffline, useNothingKeptOffline } from '@/lib/offline-data';
import NoAccessPage from '@/features/no-access/pages/no-access-page';
import { DeadlineBadge } from '@/features/promotions/components/deadline-badge';
import { PromotionStatus } from '@/features/promotions/components/promotion-status';
import { userPromotionQuery } from '../api';
import { ParcelReceipts } from '../components/parcel-receipts';
import { PlacementPhotos } from '../components/placement-photos';
import { PromotionPairs } from '../components/promotion-pairs';
import { useScrollToTarget } from '../components/use-scroll-to-target';
import { useNoSuchCompanyNotice } from '../components/use-no-such-company';

/** A promotion this station does not see, or none at all: the server answers 404. */
const isMissing = (err: unknown) => isAxiosError(err) && err.response?.status === 404;

/** `?parcel=12` or `?surface=7` of a "waiting for me" link: the part of the sheet to open at. */
function targetOf(search: URLSearchParams): string | null {
  const parcel = search.get('parcel');
  if (parcel && /^\d+$/.test(parcel)) return `parcel-${parcel}`;
  const surface = search.get('surface');
  if (surface && /^\d+$/.test(surface)) return `placement-surface-${surface}`;
  return null;
}

/**
 * A station's promotion at its own address, /user-promotions/{id} (issue 21; the eye modal of spec
 * 001 §2.11): a full-screen sheet on a phone, a page on a desk. Its surfaces and designs with their
 * status and delivery, the parcels to confirm and the surfaces to photograph.
 */
export default function UserPromotionPage() {
  const { id } = useParams();
  if (!id || !/^\d{1,9}$/.test(id)) return <Navigate to="/not-found-404" replace />;
  return <PromotionSheet promotionId={Number(id)} />;
}

function PromotionSheet({ promotionId }: { promotionId: number }) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  useNoSuchCompanyNotice();
  const query = useQuery(userPromotionQuery(promotionId));
  const data = query.data;
  const nothingKept = useNothingKeptOffline(query);
  useScrollToTarget(targetOf(search), !!data);

  if (isRefusal(query.error)) return <NoAccessPage refusal={query.error} />;
  if (isMissing(query.error)) return <Navigate to="/not-found-404" replace />;
  return (
    <article className="grid gap-5 pb-4" data-testid="user-promotion-sheet">
      <header className="sticky top-0 z-20 -mx-4 -mt-4 grid gap-1 border-b border-border bg-background/95 px-4 py-3 backdrop-blur lg:static lg:mx-0 lg:mt-0 lg:border-0 lg:bg-transparent lg:px-0 lg:py-0">
        <Link to="/user-promotions" className="inline-flex min-h-11 w-fit items-center gap-1.5 text-sm text-primary lg:min-h-0">
          <ArrowLeft className="size-4" aria-hidden /> {t('company.promotions.back')}
        </Link>
        <h1 className="text-xl font-semibold break-words sm:text-2xl">{data?.promotion.name ?? (nothingKept ? t('company.promotion.title') : t('common.load_data'))}</h1>
        {data && (
          <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            <span className="tabular-nums">
              {formatDay(data.promotion.period.from)} – {formatDay(data.promotion.period.to)}
            </span>
            <PromotionStatus status={data.promotion.status} names={[...PROMOTION_STATUS_NAMES]} sentToPrinters={data.promotion.sent_to_printers_at !== null} />
            <DeadlineBadge deadline={data.promotion.deadline} audience="station" className="whitespace-normal rounded-lg" />
          </div>
        )}
      </header>
      {nothingKept ? (
        <NothingKeptOffline />
      ) : (
        <section className="grid gap-2" aria-labelledby="pairs-title">
          <h2 id="pairs-title" className="font-semibold">
            {t('company.promotion.pairs_title')}
          </h2>
          <PromotionPairs rows={data?.surfaces ?? []} loading={query.isPending} />
        </section>
      )}
      {data && (
        <>
          <ParcelReceipts promotionId={promotionId} parcels={data.distributor_parcels} />
          <PlacementPhotos promotionId={promotionId} surfaces={data.placement ?? []} />
        </>
      )}
    </article>
  );
}
