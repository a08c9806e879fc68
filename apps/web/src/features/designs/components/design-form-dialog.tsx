import { useEffect } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { designBody, type DesignRow } from '@promo/shared';
import { Button } from '@/components/ui/button';
import { DialogContent, DialogFooter, DialogTitle } from '@/components/ui/dialog';
import { DialogCancel, FormDialog } from '@/components/ui/discard-changes';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { useFormChanged } from '@/lib/use-form-changed';
import { useSaveFeedback } from '@/lib/use-save-feedback';
import { createDesign, designKeys, updateDesign, type DesignBody } from '../api';

/** What the inputs hold; the shared schema checks it and turns the category into a number. */
interface FormValues {
  name: string;
  category_id: string;
}

const emptyValues = (): FormValues => ({ name: '', category_id: '' });

const resolver = zodResolver(designBody as never) as unknown as Resolver<FormValues, unknown, DesignBody>;

export function DesignFormDialog({
  open,
  onOpenChange,
  design,
  categories,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The row to edit; absent to create. */
  design: DesignRow | null;
  categories: { id: number; name: string }[];
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const feedback = useSaveFeedback();
  const isEdit = !!design;

  const form = useForm<FormValues, unknown, DesignBody>({ resolver, mode: 'onTouched', defaultValues: emptyValues() });
  const changed = useFormChanged(form.control, form.formState.defaultValues);
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (!open) return;
    form.reset(design ? { name: design.name, category_id: String(design.category_id) } : emptyValues());
  }, [open, design, form]);

  const save = useMutation({
    mutationFn: (body: DesignBody) => (isEdit ? updateDesign(design.id, body) : createDesign(body)),
    onSuccess: (res) => {
      feedback.success(res);
      void queryClient.invalidateQueries({ queryKey: designKeys.all });
      onOpenChange(false);
    },
    onError: (err) => feedback.failure(err, form.setError),
  });

  // The design's own category stays choosable even if the list has not caught up with it.
  const options = [...categories];
  if (design && !options.some((c) => c.id === design.category_id)) options.push(design.category);

  return (
    <FormDialog open={open} onOpenChange={onOpenChange} dirty={changed}>
      <DialogContent className="max-w-lg">
        <DialogTitle>{isEdit ? t('designs.edit_title') : t('designs.create_title')}</DialogTitle>
        <form noValidate onSubmit={form.handleSubmit((body) => save.mutate(body))} className="grid gap-4" data-testid="design-form">
          <FormField id="design-name" label={t('designs.fields.name')} error={errors.name?.message}>
            <Input id="design-name" aria-invalid={!!errors.name} autoComplete="off" maxLength={255} {...form.register('name')} />
          </FormField>
          <FormField id="design-category" label={t('designs.fields.category')} error={errors.category_id?.message}>
            <Controller
              control={form.control}
              name="category_id"
              render={({ field }) => (
                <NativeSelect
                  id="design-category"
                  aria-invalid={!!errors.category_id}
                  name={field.name}
                  value={field.value}
                  onChange={(e) => field.onChange(e.target.value)}
                  onBlur={field.onBlur}
                >
                  <option value="">{t('designs.choose_category')}</option>
                  {options.map((c) => (
                    <option key={c.id} value={String(c.id)}>
                      {c.name}
                    </option>
                  ))}
                </NativeSelect>
              )}
            />
          </FormField>
          <DialogFooter>
            <DialogCancel />
            <Button type="submit" disabled={isSubmitting || save.isPending}>
              {isEdit ? t('common.save') : t('common.create')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </FormDialog>
  );
}
