import { useEffect, useMemo } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Save } from 'lucide-react';
import {
  DEFAULT_MILESTONE_DAYS,
  DEFAULT_UPLOAD_QUOTA,
  MILESTONES,
  percentInput,
  SURFACE_SIZE_UNITS,
  systemSettingBody,
  type SettingsUserOption,
  type Milestone,
  type SurfaceSizeUnit,
  type SystemSettingBody,
  type SystemSettingData,
} from '@promo/shared';
import { Button } from '@/components/ui/button';
import { LeaveGuard } from '@/components/ui/discard-changes';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { PageHeader } from '@/components/ui/page-header';
import { useLastGood } from '@/lib/use-last-good';
import { useSaveFeedback } from '@/lib/use-save-feedback';
import { ReviewFlowEditor } from '@/features/reviews/review-flow-editor';
import { saveSettings, settingsKeys, settingsQuery } from '../api';

/** What the inputs hold: the chosen ids as text ('' for none) and the percent's digits. */
export interface SettingsFormValues {
  distributor_id: string;
  admin_id: string;
  percent_promotion_report: string;
  surface_size_unit: SurfaceSizeUnit;
  /** Days before a promotion's first day, per milestone, as digits (issue 15). */
  milestone_days: Record<Milestone, string>;
  /** The digest's Oslo hour, '0'–'23'. */
  digest_hour: string;
  /** Each user's upload quota of unused files, as digits (decision 028). */
  upload_quota_mb: string;
  upload_quota_files: string;
}

const HOURS = Array.from({ length: 24 }, (_, h) => h);
const daysAsText = (days: Record<Milestone, number>) => Object.fromEntries(MILESTONES.map((m) => [m, String(days[m])])) as Record<Milestone, string>;

const resolver = zodResolver(systemSettingBody as never) as unknown as Resolver<SettingsFormValues, unknown, SystemSettingBody>;

/** The stored values as the form shows them; a user who can no longer be chosen shows as none. */
export function formValuesOf(data: SystemSettingData): SettingsFormValues {
  const s = data.settings;
  const chosen = (id: number | null | undefined, options: SettingsUserOption[]) => (id && options.some((o) => o.id === id) ? String(id) : '');
  return {
    distributor_id: chosen(s?.distributor_id, data.distributors),
    admin_id: chosen(s?.admin_id, data.admins),
    percent_promotion_report: s ? String(s.percent_promotion_report) : '',
    surface_size_unit: s?.surface_size_unit ?? 'cm',
    milestone_days: daysAsText(s?.milestone_days ?? DEFAULT_MILESTONE_DAYS),
    digest_hour: String(s?.digest_hour ?? 7),
    upload_quota_mb: String(s?.upload_quota_mb ?? DEFAULT_UPLOAD_QUOTA.mb),
    upload_quota_files: String(s?.upload_quota_files ?? DEFAULT_UPLOAD_QUOTA.files),
  };
}

export const settingsChanged = (a: SettingsFormValues, b: SettingsFormValues) =>
  a.distributor_id !== b.distributor_id ||
  a.admin_id !== b.admin_id ||
  a.percent_promotion_report !== b.percent_promotion_report ||
  a.surface_size_unit !== b.surface_size_unit ||
  a.digest_hour !== b.digest_hour ||
  a.upload_quota_mb !== b.upload_quota_mb ||
  a.upload_quota_files !== b.upload_quota_files ||
  MILESTONES.some((m) => a.milestone_days?.[m] !== b.milestone_days?.[m]);

/** /system-settings (spec 001 §2.14): the distributor, the promotions admin and the report's percent. */
export default function SystemSettingsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const feedback = useSaveFeedback();
  const query = useQuery(settingsQuery);
  const data = useLastGood(query.data);
  const stored = useMemo(() => (data ? formValuesOf(data) : null), [data]);

  const form = useForm<SettingsFormValues, unknown, SystemSettingBody>({
    resolver,
    mode: 'onTouched',
    defaultValues: {
      distributor_id: '',
      admin_id: '',
      percent_promotion_report: '',
      surface_size_unit: 'cm',
      milestone_days: daysAsText(DEFAULT_MILESTONE_DAYS),
      digest_hour: '7',
      upload_quota_mb: String(DEFAULT_UPLOAD_QUOTA.mb),
      upload_quota_files: String(DEFAULT_UPLOAD_QUOTA.files),
    },
  });
  const { errors } = form.formState;
  const values = useWatch({ control: form.control }) as SettingsFormValues;

  // A fresh answer from the server is what the form starts from (and compares with).
  useEffect(() => {
    if (stored) form.reset(stored);
  }, [stored, form]);

  const save = useMutation({
    mutationFn: (body: SystemSettingBody) => saveSettings(data?.settings?.id ?? null, body),
    onSuccess: (res) => {
      feedback.success(res);
      void queryClient.invalidateQueries({ queryKey: settingsKeys.all });
    },
    onError: (err) => feedback.failure(err, form.setError),
  });

  const changed = !!stored && settingsChanged(values, stored);
  const userOption = (u: SettingsUserOption, withRole: boolean) => (
    <option key={u.id} value={String(u.id)}>
      {withRole ? `${u.name} (${t(`roles.${u.role}`)})` : u.name}
    </option>
  );

  return (
    <section className="grid max-w-2xl gap-4">
      <PageHeader title={t('settings.title')} />
      {!data ? (
        <p className="text-muted-foreground">{t('common.load_data')}</p>
      ) : (
        <form
          noValidate
          data-testid="system-settings-form"
          onSubmit={form.handleSubmit((body) => save.mutate(body))}
          className="grid gap-5 rounded-md border border-border bg-background p-6"
        >
          <LeaveGuard when={changed && !save.isPending} />
          <p className="text-sm text-muted-foreground">{t('settings.intro')}</p>
          <FormField id="settings-distributor" label={t('settings.fields.distributor')} error={errors.distributor_id?.message}>
            <Controller
              control={form.control}
              name="distributor_id"
              render={({ field }) => (
                <NativeSelect id="settings-distributor" aria-invalid={!!errors.distributor_id} {...field}>
                  {field.value === '' && <option value="">{t('settings.choose')}</option>}
                  {data.distributors.map((u) => userOption(u, false))}
                </NativeSelect>
              )}
            />
          </FormField>
          <FormField id="settings-admin" label={t('settings.fields.admin')} error={errors.admin_id?.message}>
            <Controller
              control={form.control}
              name="admin_id"
              render={({ field }) => (
                <NativeSelect id="settings-admin" aria-invalid={!!errors.admin_id} {...field}>
                  {field.value === '' && <option value="">{t('settings.choose')}</option>}
                  {data.admins.map((u) => userOption(u, true))}
                </NativeSelect>
              )}
            />
            <p className="text-xs text-muted-foreground">{t('settings.admin_hint')}</p>
          </FormField>
          <FormField id="settings-percent" label={t('settings.fields.percent')} error={errors.percent_promotion_report?.message}>
            <Controller
              control={form.control}
              name="percent_promotion_report"
              render={({ field }) => (
                <div className="flex items-center gap-2">
                  <Input
                    id="settings-percent"
                    inputMode="numeric"
                    autoComplete="off"
                    className="w-28"
                    aria-invalid={!!errors.percent_promotion_report}
                    name={field.name}
                    ref={field.ref}
                    value={field.value}
                    onBlur={field.onBlur}
                    // Digits only: anything else typed or pasted is dropped (spec 001 §5).
                    onChange={(e) => field.onChange(percentInput(e.target.value))}
                  />
                  <span className="text-sm text-muted-foreground">%</span>
                </div>
              )}
            />
            <p className="text-xs text-muted-foreground">{t('settings.percent_hint')}</p>
          </FormField>
          <FormField id="settings-unit" label={t('settings.fields.surface_size_unit')} error={errors.surface_size_unit?.message}>
            <Controller
              control={form.control}
              name="surface_size_unit"
              render={({ field }) => (
                <NativeSelect id="settings-unit" className="w-40" aria-invalid={!!errors.surface_size_unit} {...field}>
                  {SURFACE_SIZE_UNITS.map((u) => (
                    <option key={u} value={u}>
                      {t(`settings.units.${u}`)}
                    </option>
                  ))}
                </NativeSelect>
              )}
            />
            <p className="text-xs text-muted-foreground">{t('settings.surface_size_unit_hint')}</p>
          </FormField>
          <fieldset className="grid gap-3" data-testid="settings-milestones">
            <legend className="mb-1 text-sm font-medium">{t('settings.milestones.title')}</legend>
            <p className="text-xs text-muted-foreground">{t('settings.milestones.hint')}</p>
            <div className="grid gap-3 sm:grid-cols-2">
              {MILESTONES.map((m) => (
                <FormField key={m} id={`settings-milestone-${m}`} label={t(`deadlines.milestones.${m}`)} error={errors.milestone_days?.[m]?.message}>
                  <Controller
                    control={form.control}
                    name={`milestone_days.${m}`}
                    render={({ field }) => (
                      <div className="flex items-center gap-2">
                        <Input
                          id={`settings-milestone-${m}`}
                          inputMode="numeric"
                          autoComplete="off"
                          className="w-24"
                          aria-invalid={!!errors.milestone_days?.[m]}
                          aria-describedby={`settings-milestone-${m}-unit`}
                          name={field.name}
                          ref={field.ref}
                          value={field.value}
                          onBlur={field.onBlur}
                          onChange={(e) => field.onChange(e.target.value.replace(/\D/g, '').slice(0, 3))}
                        />
                        <span id={`settings-milestone-${m}-unit`} className="text-sm text-muted-foreground">
                          {t('settings.milestones.days_before')}
                        </span>
                      </div>
                    )}
                  />
                </FormField>
              ))}
            </div>
            {errors.milestone_days?.message && (
              <p role="alert" className="text-xs text-destructive">
                {t(`validation.${errors.milestone_days.message}`, { defaultValue: errors.milestone_days.message })}
              </p>
            )}
          </fieldset>
          <FormField id="settings-digest-hour" label={t('settings.fields.digest_hour')} error={errors.digest_hour?.message}>
            <Controller
              control={form.control}
              name="digest_hour"
              render={({ field }) => (
                <NativeSelect id="settings-digest-hour" className="w-32" aria-invalid={!!errors.digest_hour} {...field}>
                  {HOURS.map((h) => (
                    <option key={h} value={String(h)}>
                      {`${String(h).padStart(2, '0')}:00`}
                    </option>
                  ))}
                </NativeSelect>
              )}
            />
            <p className="text-xs text-muted-foreground">{t('settings.digest_hour_hint')}</p>
          </FormField>
          <div className="grid gap-3" data-testid="settings-upload-quota">
            <div className="grid gap-3 sm:grid-cols-2">
              {(['upload_quota_mb', 'upload_quota_files'] as const).map((name) => (
                <FormField key={name} id={`settings-${name}`} label={t(`settings.fields.${name}`)} error={errors[name]?.message}>
                  <Controller
                    control={form.control}
                    name={name}
                    render={({ field }) => (
                      <Input
                        id={`settings-${name}`}
                        inputMode="numeric"
                        autoComplete="off"
                        className="w-32"
                        aria-invalid={!!errors[name]}
                        name={field.name}
                        ref={field.ref}
                        value={field.value}
                        onBlur={field.onBlur}
                        onChange={(e) => field.onChange(e.target.value.replace(/\D/g, '').slice(0, 7))}
                      />
                    )}
                  />
                </FormField>
              ))}
            </div>
            <p className="text-xs text-muted-foreground">{t('settings.upload_quota_hint')}</p>
          </div>
          {changed && (
            <div className="flex gap-2">
              <Button type="submit" disabled={save.isPending}>
                <Save /> {t('common.save')}
              </Button>
              <Button type="button" variant="outline" onClick={() => form.reset(stored)}>
                {t('common.cancel')}
              </Button>
            </div>
          )}
        </form>
      )}
      {data && <ReviewFlowEditor promotionId={null} />}
    </section>
  );
}
