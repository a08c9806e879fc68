import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { digitsOnly, priceTypedOver, SURFACE_STATUS_FLAGS, surfaceBody, surfaces, type SurfaceRow } from '@promo/shared';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { DialogContent, DialogFooter, DialogTitle } from '@/components/ui/dialog';
import { DialogCancel, FormDialog } from '@/components/ui/discard-changes';
import { FormField } from '@/components/ui/form-field';
import { ImageField } from '@/components/ui/image-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Switch } from '@/components/ui/switch';
import { formatSurfaceSize } from '@/lib/format';
import { attachImageOrWarn } from '@/lib/upload';
import { useFormChanged } from '@/lib/use-form-changed';
import { useSaveFeedback } from '@/lib/use-save-feedback';
import { createSurface, printersQuery, surfaceKeys, updateSurface, type SurfaceFormValues } from '../api';
import { NewSizeInputs, NewTypeInput } from './type-size-creators';

const empty = (): SurfaceFormValues => ({
  vendor_code: '',
  name: '',
  type_surface: '',
  size_surface: '',
  price: '0.00',
  description: '',
  divided_bool: true,
  status: [],
  printer_id: '',
  category_ids: [],
});

const fromRow = (row: SurfaceRow): SurfaceFormValues => ({
  vendor_code: String(row.vendor_code),
  name: row.name,
  type_surface: row.type_surface,
  size_surface: row.size_surface,
  price: row.price,
  description: row.description,
  divided_bool: row.divided_bool,
  status: row.status,
  printer_id: row.printer_id ? String(row.printer_id) : '',
  category_ids: row.category_ids,
});

export function SurfaceFormDialog({
  open,
  onOpenChange,
  surface,
  types,
  sizes,
  categories,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  surface: SurfaceRow | null;
  types: string[];
  sizes: string[];
  categories: { id: number; name: string }[];
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const feedback = useSaveFeedback();
  const printers = useQuery({ ...printersQuery, enabled: open });
  const [extraTypes, setExtraTypes] = useState<string[]>([]);
  const [extraSizes, setExtraSizes] = useState<string[]>([]);
  const [priceChanged, setPriceChanged] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const resolver = useMemo(() => zodResolver(surfaceBody as never) as unknown as Resolver<SurfaceFormValues>, []);
  const form = useForm<SurfaceFormValues>({ resolver, mode: 'onBlur', defaultValues: empty() });
  const { errors } = form.formState;
  const changed = useFormChanged(form.control, form.formState.defaultValues) || !!file;
  // The price as shown before a keystroke: typing over the zero price replaces it.
  const shownPrice = form.watch('price');

  useEffect(() => {
    if (!open) return;
    form.reset(surface ? fromRow(surface) : empty());
    setPriceChanged(false);
    setFile(null);
  }, [open, surface, form]);

  const save = useMutation({
    mutationFn: async (values: SurfaceFormValues) => {
      const res = surface ? await updateSurface(surface.id, values) : await createSurface(values);
      const imageSaved = !file || (await attachImageOrWarn(surfaces.setImage, res.data.id, file, t, setProgress));
      return { res, imageSaved };
    },
    onSuccess: ({ res, imageSaved }) => {
      // A failed image keeps its 'File failed' toast in view (spec 000 §8).
      if (imageSaved) feedback.success(res);
      void queryClient.invalidateQueries({ queryKey: surfaceKeys.all });
      onOpenChange(false);
    },
    onError: (err) => feedback.failure(err, form.setError),
    onSettled: () => setProgress(null),
  });

  /** A new printer has its own price: the price resets to 0.00 unless the original printer comes back. */
  const onPrinter = (printerId: string) => {
    form.setValue('printer_id', printerId);
    const original = surface?.printer_id ? String(surface.printer_id) : '';
    form.setValue('price', surface && printerId === original ? surface.price : '0.00');
    setPriceChanged(true);
  };

  const onStatus = (flag: number, checked: boolean) => {
    const current = form.getValues('status');
    form.setValue('status', checked ? [...new Set([...current, flag])].sort() : current.filter((f) => f !== flag));
    // Flag 0 ('is to be divided') sets divided_bool.
    if (flag === 0 && checked) form.setValue('divided_bool', true);
  };

  const allTypes = [...new Set([...types, ...extraTypes])].sort();
  const allSizes = [...new Set([...sizes, ...extraSizes])].sort();
  const status = form.watch('status');

  return (
    <FormDialog open={open} onOpenChange={onOpenChange} dirty={changed}>
      <DialogContent className="max-w-3xl">
        <DialogTitle>{surface ? t('surfaces.edit_title') : t('surfaces.create_title')}</DialogTitle>
        <form noValidate className="grid gap-4" data-testid="surface-form" onSubmit={form.handleSubmit((v) => save.mutate(v))}>
          <div className="grid gap-3 sm:grid-cols-2">
            <FormField id="surface-vendor_code" label={t('surfaces.fields.vendor_code')} error={errors.vendor_code?.message}>
              <Input
                id="surface-vendor_code"
                inputMode="numeric"
                aria-invalid={!!errors.vendor_code}
                {...form.register('vendor_code', { onChange: (e) => (e.target.value = digitsOnly(e.target.value)) })}
              />
            </FormField>
            <FormField id="surface-name" label={t('surfaces.fields.name')} error={errors.name?.message}>
              <Input id="surface-name" aria-invalid={!!errors.name} {...form.register('name')} />
            </FormField>
            <FormField id="surface-type" label={t('surfaces.fields.type_surface')} error={errors.type_surface?.message}>
              <NativeSelect id="surface-type" value={form.watch('type_surface')} onChange={(e) => form.setValue('type_surface', e.target.value)}>
                <option value="">{t('surfaces.choose')}</option>
                {allTypes.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <NewTypeInput
              onCreated={(name) => {
                setExtraTypes((x) => [...x, name]);
                form.setValue('type_surface', name);
              }}
            />
            <FormField id="surface-size" label={t('surfaces.fields.size_surface')} error={errors.size_surface?.message}>
              <NativeSelect id="surface-size" value={form.watch('size_surface')} onChange={(e) => form.setValue('size_surface', e.target.value)}>
                <option value="">{t('surfaces.choose')}</option>
                {allSizes.map((name) => (
                  <option key={name} value={name}>
                    {formatSurfaceSize(name)}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <NewSizeInputs
              onCreated={(name) => {
                setExtraSizes((x) => [...x, name]);
                form.setValue('size_surface', name);
              }}
            />
            <FormField id="surface-printer" label={t('surfaces.fields.printer_id')} error={errors.printer_id?.message}>
              <NativeSelect id="surface-printer" value={form.watch('printer_id')} onChange={(e) => onPrinter(e.target.value)}>
                <option value="">{t('surfaces.no_printer')}</option>
                {(printers.data ?? []).map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name} {p.surname}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <FormField id="surface-price" label={t('surfaces.fields.price')} error={errors.price?.message}>
              <Input
                id="surface-price"
                inputMode="decimal"
                data-changed={priceChanged || undefined}
                className={priceChanged ? 'border-amber-500' : undefined}
                aria-invalid={!!errors.price}
                onFocus={(e) => e.currentTarget.select()}
                {...form.register('price', {
                  onChange: (e) => form.setValue('price', priceTypedOver(shownPrice, e.target.value)),
                })}
              />
            </FormField>
          </div>
          <FormField id="surface-description" label={t('surfaces.fields.description')} error={errors.description?.message}>
            <textarea
              id="surface-description"
              rows={2}
              className="rounded-md border border-border bg-background px-3 py-2 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              {...form.register('description')}
            />
          </FormField>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">{t('surfaces.fields.status')}</legend>
            <div className="flex flex-wrap gap-4">
              {SURFACE_STATUS_FLAGS.map((flag) => (
                <label key={flag} className="flex items-center gap-2 text-sm">
                  <Checkbox checked={status.includes(flag)} onCheckedChange={(c) => onStatus(flag, c === true)} />
                  {t(`surfaces.flags.${flag}`)}
                </label>
              ))}
              <div className="flex items-center gap-2">
                <Controller
                  control={form.control}
                  name="divided_bool"
                  render={({ field }) => <Switch id="surface-divided" checked={field.value} onCheckedChange={field.onChange} />}
                />
                <Label htmlFor="surface-divided">{t('surfaces.fields.divided_bool')}</Label>
              </div>
            </div>
          </fieldset>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">{t('surfaces.fields.categories')}</legend>
            <Controller
              control={form.control}
              name="category_ids"
              render={({ field }) => (
                <div className="grid gap-2 sm:grid-cols-3">
                  {categories.map((c) => (
                    <label key={c.id} className="flex items-center gap-2 text-sm">
                      <Checkbox
                        checked={field.value.includes(c.id)}
                        onCheckedChange={(checked) => field.onChange(checked ? [...field.value, c.id] : field.value.filter((id) => id !== c.id))}
                      />
                      {c.name}
                    </label>
                  ))}
                </div>
              )}
            />
          </fieldset>
          <ImageField
            id="surface-image"
            label={t('common.upload_image')}
            currentUrl={surface?.url_images?.w_200}
            file={file}
            onFile={setFile}
            progress={progress}
            disabled={save.isPending}
          />
          <DialogFooter>
            <DialogCancel />
            <Button type="submit" disabled={save.isPending}>
              {t('common.save')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </FormDialog>
  );
}
