import { useEffect, useState, type ChangeEvent } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isAxiosError } from 'axios';
import { BRIEF_COLORS, BRIEF_PLU_SCAN, BRIEF_SUPPLIER_DISCOUNTS, digitsOnly, PSD_STATUS_NAMES, type DesignPageData } from '@promo/shared';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DialogContent, DialogFooter, DialogTitle } from '@/components/ui/dialog';
import { DialogCancel, FormDialog } from '@/components/ui/discard-changes';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Switch } from '@/components/ui/switch';
import { LazyRichTextEditor } from '@/features/feedback/components/lazy-rich-text-editor';
import type { ApiErrorBody } from '@/lib/error-catalogue';
import { useSaveFeedback } from '@/lib/use-save-feedback';
import { designPageKeys, updateBrief } from '../api';
import { briefFormValues, changedBriefFields, type BriefChanges, type BriefFormValues } from '../brief-changes';
import { BriefChoiceOptions } from './brief-choice';

type LineField = 'title' | 'sub_title' | 'text_italic' | 'ean_more';
const LINE_FIELDS: { name: LineField; max: number }[] = [
  { name: 'title', max: 500 },
  { name: 'sub_title', max: 500 },
  { name: 'text_italic', max: 500 },
  { name: 'ean_more', max: 2000 },
];
const CHOICES = [
  { name: 'color', options: BRIEF_COLORS },
  { name: 'supplier_discount', options: BRIEF_SUPPLIER_DISCOUNTS },
  { name: 'plu_scan', options: BRIEF_PLU_SCAN },
] as const;
const textareaClass =
  'w-full rounded-md border border-border bg-background px-3 py-2 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none aria-invalid:border-destructive';

/** The "Edit design" modal with every brief field; mounted with each opening, from the brief on screen. */
export function BriefFormDialog({ open, onOpenChange, data }: { open: boolean; onOpenChange: (open: boolean) => void; data: DesignPageData }) {
  const { t } = useTranslation();
  const [changed, setChanged] = useState(false);
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} dirty={changed}>
      <DialogContent className="max-w-3xl" data-testid="brief-dialog">
        <DialogTitle>{t('design.edit_title', { name: data.name })}</DialogTitle>
        {open && <BriefForm data={data} onClose={() => onOpenChange(false)} onChanged={setChanged} />}
      </DialogContent>
    </FormDialog>
  );
}

function BriefForm({ data, onClose, onChanged }: { data: DesignPageData; onClose: () => void; onChanged: (changed: boolean) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const feedback = useSaveFeedback();
  // The brief as the modal opened: a status pushed meanwhile must not count as the user's change.
  const [initial] = useState(() => briefFormValues(data.data));
  const form = useForm<BriefFormValues>({ defaultValues: initial });
  const { errors } = form.formState;
  const values = useWatch({ control: form.control }) as BriefFormValues;
  const changed = Object.keys(changedBriefFields(initial, values)).length > 0;
  useEffect(() => {
    onChanged(changed);
    return () => onChanged(false);
  }, [changed, onChanged]);

  // Completed with open pins needs a yes: asked before sending, and again if pins appeared meanwhile.
  const [askOpenPins, setAskOpenPins] = useState<{ changes: BriefChanges; count: number } | null>(null);
  const save = useMutation({
    mutationFn: ({ changes, confirmed }: { changes: BriefChanges; confirmed: boolean }) => updateBrief(data.id, changes, confirmed),
    onSuccess: (res, { changes }) => {
      feedback.success(res);
      void queryClient.invalidateQueries({ queryKey: designPageKeys.all });
      // A status change may move the promotion's status too.
      if (changes.status) void queryClient.invalidateQueries({ queryKey: ['promotions'] });
      onClose();
    },
    onError: (err, { changes }) => {
      const refused = isAxiosError<ApiErrorBody>(err) ? err.response?.data : undefined;
      const pins = refused?.errors && !Array.isArray(refused.errors) && refused.errors.status?.includes('open_pins');
      if (pins) setAskOpenPins({ changes, count: Number(refused.message_params?.count ?? 0) });
      else feedback.failure(err, form.setError);
    },
  });

  const onSubmit = form.handleSubmit((values) => {
    // Only what this user changed is sent: someone else's edit of another field stays.
    const changes = changedBriefFields(initial, values);
    if (Object.keys(changes).length === 0) onClose();
    else if (changes.status === 'Completed' && data.open_pins > 0) setAskOpenPins({ changes, count: data.open_pins });
    else save.mutate({ changes, confirmed: false });
  });

  const offer = form.register('promotional_offer');
  const onOfferChange = (e: ChangeEvent<HTMLInputElement>) => {
    e.target.value = digitsOnly(e.target.value);
    return offer.onChange(e);
  };
  const invalid = (name: keyof BriefFormValues) => ({
    'aria-invalid': !!errors[name],
    'aria-describedby': errors[name] ? `brief-${name}-error` : undefined,
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" data-testid="brief-form">
      <div className="grid gap-3 sm:grid-cols-2">
        {LINE_FIELDS.map(({ name, max }) => (
          <FormField key={name} id={`brief-${name}`} label={t(`design.fields.${name}`)} error={errors[name]?.message}>
            <Input id={`brief-${name}`} maxLength={max} autoComplete="off" {...invalid(name)} {...form.register(name)} />
          </FormField>
        ))}
        <FormField id="brief-promotional_offer" label={t('design.fields.promotional_offer')} error={errors.promotional_offer?.message}>
          {/* Digits only; empty means 0. Nine digits keep it inside the server's integer range. */}
          <Input
            id="brief-promotional_offer"
            inputMode="numeric"
            maxLength={9}
            placeholder="0"
            autoComplete="off"
            {...invalid('promotional_offer')}
            {...offer}
            onChange={onOfferChange}
          />
        </FormField>
        <FormField id="brief-status" label={t('design.fields.status')} error={errors.status?.message}>
          <NativeSelect id="brief-status" className="w-full" {...invalid('status')} {...form.register('status')}>
            {PSD_STATUS_NAMES.map((s) => (
              <option key={s} value={s}>
                {t(`promotions.design_statuses.${s}`)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        {CHOICES.map(({ name, options }) => (
          <FormField key={name} id={`brief-${name}`} label={t(`design.fields.${name}`)} error={errors[name]?.message}>
            <NativeSelect id={`brief-${name}`} className="w-full" {...invalid(name)} {...form.register(name)}>
              <BriefChoiceOptions field={name} options={options} current={initial[name]} />
            </NativeSelect>
          </FormField>
        ))}
        <div className="flex flex-wrap items-center gap-x-6 gap-y-3 sm:pt-6">
          {(['need_for_price', 'not_for_printing'] as const).map((name) => (
            <div key={name} className="flex items-center gap-2">
              <Controller
                control={form.control}
                name={name}
                render={({ field }) => <Switch id={`brief-${name}`} checked={field.value} onCheckedChange={field.onChange} />}
              />
              <Label htmlFor={`brief-${name}`}>{t(`design.fields.${name}`)}</Label>
            </div>
          ))}
        </div>
      </div>
      <FormField id="brief-description" label={t('design.fields.description')} error={errors.description?.message}>
        {/* Rich text (spec 001 §3), in the feedback editor; the server keeps it through the same allowlist. */}
        <Controller
          control={form.control}
          name="description"
          render={({ field }) => (
            <LazyRichTextEditor
              id="brief-description"
              label={t('design.fields.description')}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              invalid={!!errors.description}
              height={160}
            />
          )}
        />
      </FormField>
      <FormField id="brief-additional_description" label={t('design.fields.additional_description')} error={errors.additional_description?.message}>
        <textarea
          id="brief-additional_description"
          rows={3}
          maxLength={20_000}
          className={textareaClass}
          {...invalid('additional_description')}
          {...form.register('additional_description')}
        />
      </FormField>
      <DialogFooter className="sticky -bottom-6 -mx-6 -mb-6 border-t border-border bg-background px-6 py-4">
        <DialogCancel />
        <Button type="submit" disabled={save.isPending}>
          {t('common.save')}
        </Button>
      </DialogFooter>
      <ConfirmDialog
        open={!!askOpenPins}
        onOpenChange={(open) => !open && setAskOpenPins(null)}
        title={t('proofing.complete_with_open_pins_title')}
        description={t('proofing.complete_with_open_pins', { count: askOpenPins?.count ?? 0 })}
        confirmLabel={t('proofing.complete_anyway')}
        confirmVariant="default"
        busy={save.isPending}
        onConfirm={() => {
          if (askOpenPins) save.mutate({ changes: askOpenPins.changes, confirmed: true });
          setAskOpenPins(null);
        }}
      />
    </form>
  );
}
