import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isAxiosError } from 'axios';
import { BellRing, FileBarChart } from 'lucide-react';
import { can, PROMOTION_STATUS_NAMES, promotions, type PassedMilestone, type PromotionCreatedData, type PromotionData } from '@promo/shared';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { serverMessage, type ApiResponse } from '@/lib/api-client';
import { errorLines, type ApiErrorBody } from '@/lib/error-catalogue';
import { useCurrentUser } from '@/lib/session';
import { attachImageOrWarn } from '@/lib/upload';
import { notifyAdmin, promotionKeys, promotionQuery, savePromotion, type PromotionFormValues } from '../api';
import { PromotionForm } from '../components/promotion-form';
import { PromotionHistory } from '../components/promotion-history';
import { MilestonesEditor } from '../components/milestones-editor';
import { PassedMilestonesNotice } from '../components/passed-milestones-notice';
import { storePromotionId } from '../stored-promotion';
import { PromotionStatus } from '../components/promotion-status';
import { SurfacesEditor } from '../components/surfaces-editor';
import { PromotionReviewFlow } from '@/features/reviews/promotion-review-flow';

type Action = 'create' | 'edit' | 'surfaces';

/** /promotion-settings?prom_id=&action=create|edit|surfaces; prom_id must be digits, else nothing loads. */
export default function PromotionSettingsPage() {
  const { t } = useTranslation();
  const me = useCurrentUser()!;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const rawId = params.get('prom_id') ?? '';
  const id = /^\d+$/.test(rawId) ? Number(rawId) : null;
  useEffect(() => {
    if (id !== null) storePromotionId(id);
  }, [id]);
  const action: Action = params.get('action') === 'edit' ? 'edit' : params.get('action') === 'surfaces' ? 'surfaces' : 'create';
  const promotion = useQuery({ ...promotionQuery(id ?? 0), enabled: id !== null });
  const [serverErrors, setServerErrors] = useState<Record<string, string[]> | null>(null);
  const [uploadProgress, setUploadProgress] = useState<number | null>(null);
  // The milestones already past when this promotion was just created: said once (decision 031).
  const [passed, setPassed] = useState<PassedMilestone[]>([]);

  const staff = can(me.role, 'promotions.create');
  const editable = id === null ? staff : can(me.role, 'promotions.edit');

  const fail = (err: unknown) => {
    const body = isAxiosError<ApiErrorBody>(err) ? err.response?.data : undefined;
    if (body?.errors && !Array.isArray(body.errors)) setServerErrors(body.errors);
    toast({ variant: 'destructive', title: t('errors.error_action'), description: errorLines(body, t) || t('errors.unknown') });
  };

  const save = useMutation({
    mutationFn: async ({ values, image }: { values: PromotionFormValues; image: File | null }) => {
      const res = await savePromotion(id, values);
      const imageSaved = !image || (await attachImageOrWarn(promotions.setImage, res.data.promotion.id, image, t, setUploadProgress));
      return { res, imageSaved };
    },
    onSuccess: ({ res, imageSaved }: { res: ApiResponse<PromotionData | PromotionCreatedData>; imageSaved: boolean }) => {
      setServerErrors(null);
      if ('passed_milestones' in res.data) setPassed(res.data.passed_milestones);
      // A failed image keeps its 'File failed' toast in view (spec 000 §8).
      if (imageSaved) toast({ title: serverMessage(res) });
      void queryClient.invalidateQueries({ queryKey: promotionKeys.all });
      // After a save the page moves on to the surfaces of the promotion.
      navigate(`/promotion-settings?prom_id=${res.data.promotion.id}&action=surfaces`, { replace: true });
    },
    onError: fail,
    onSettled: () => setUploadProgress(null),
  });

  const notify = useMutation({
    mutationFn: () => notifyAdmin(id!),
    onSuccess: (res) => {
      toast({ title: serverMessage(res) });
      void queryClient.invalidateQueries({ queryKey: promotionKeys.all });
    },
    onError: fail,
  });

  if (rawId && id === null) return <p className="text-muted-foreground">{t('promotions.not_loaded')}</p>;
  if (id !== null && promotion.isPending) return <p className="text-muted-foreground">{t('common.load_data')}</p>;
  if (id !== null && !promotion.data) return <p className="text-muted-foreground">{t('promotions.not_loaded')}</p>;
  const data = promotion.data;

  return (
    <section className="grid gap-4">
      <nav aria-label={t('promotions.breadcrumb')} className="text-sm text-muted-foreground">
        <Link to="/promotions" className="hover:underline">
          {t('promotions.title')}
        </Link>
        {data && <span> / {data.promotion.name}</span>}
      </nav>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="flex items-center gap-3 text-2xl font-semibold">
          {data ? data.promotion.name : t('promotions.create')}
          {data && <PromotionStatus status={data.promotion.status} names={[...PROMOTION_STATUS_NAMES]} sentToPrinters={data.promotion.sent_to_printers_at !== null} />}
        </h1>
        {data && staff && (
          <div className="flex flex-wrap gap-2">
            {data.promotion.notify_admin === null && data.promotion.sent_to_printers_at === null && (
              <Button variant="outline" onClick={() => notify.mutate()} disabled={notify.isPending}>
                <BellRing /> {t('promotions.notify_admin')}
              </Button>
            )}
            <Button asChild variant="outline">
              <Link to={`/promotion-report-view?prom_id=${data.promotion.id}`}>
                <FileBarChart /> {t('promotions.report_view')}
              </Link>
            </Button>
            {/* A cm may not edit a promotion: no link to a form it could not save. */}
            {(action !== 'surfaces' || editable) && (
              <Button asChild variant="secondary">
                <Link to={`/promotion-settings?prom_id=${data.promotion.id}&action=${action === 'surfaces' ? 'edit' : 'surfaces'}`}>
                  {action === 'surfaces' ? t('promotions.to_edit') : t('promotions.to_surfaces')}
                </Link>
              </Button>
            )}
          </div>
        )}
      </div>
      {data?.promotion.url_images && (
        <img src={data.promotion.url_images.w_200} alt={data.promotion.name} className="max-h-32 w-fit rounded" data-testid="promotion-image" />
      )}
      <PromotionForm
        promotion={data?.promotion}
        editable={editable}
        saving={save.isPending}
        uploadProgress={uploadProgress}
        serverErrors={serverErrors}
        onSave={(values, image) => save.mutate({ values, image })}
      />
      {data && <PassedMilestonesNotice passed={passed} onClose={() => setPassed([])} />}
      {data && <MilestonesEditor promotionId={data.promotion.id} role={me.role} />}
      {data && <PromotionReviewFlow promotionId={data.promotion.id} />}
      {data && <PromotionHistory history={data.history} />}
      {data && action === 'surfaces' && (
        <SurfacesEditor promotionId={data.promotion.id} status={data.promotion.status} role={me.role} sent={!!data.promotion.sent_to_printers_at} />
      )}
    </section>
  );
}
