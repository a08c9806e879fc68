import { useEffect } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { categoryBody, GROUPS, type CategoryBody, type CategoryRow, type Group } from '@promo/shared';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { DialogContent, DialogFooter, DialogTitle } from '@/components/ui/dialog';
import { DialogCancel, FormDialog } from '@/components/ui/discard-changes';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Switch } from '@/components/ui/switch';
import { useFormChanged } from '@/lib/use-form-changed';
import { useSaveFeedback } from '@/lib/use-save-feedback';
import { categoryKeys, createCategory, managersQuery, updateCategory, type ManagerOption } from '../api';

/** What the inputs hold; the shared schema turns it into the body (manager '' is none). */
interface FormValues {
  name: string;
  manager_id: string;
  groups: Group[];
  required: boolean;
}

const emptyValues = (): FormValues => ({ name: '', manager_id: '', groups: [], required: false });

const fromRow = (row: CategoryRow): FormValues => ({
  name: row.name,
  manager_id: row.manager_id ? String(row.manager_id) : '',
  groups: [...row.groups],
  required: row.required,
});

const resolver = zodResolver(categoryBody as never) as unknown as Resolver<FormValues, unknown, CategoryBody>;

export function CategoryFormDialog({
  open,
  onOpenChange,
  category,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The row to edit; absent to create. */
  category: CategoryRow | null;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const feedback = useSaveFeedback();
  const isEdit = !!category;
  const managers = useQuery({ ...managersQuery, enabled: open });

  const form = useForm<FormValues, unknown, CategoryBody>({ resolver, mode: 'onTouched', defaultValues: emptyValues() });
  const changed = useFormChanged(form.control, form.formState.defaultValues);
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (!open) return;
    form.reset(category ? fromRow(category) : emptyValues());
  }, [open, category, form]);

  const save = useMutation({
    mutationFn: (body: CategoryBody) => (isEdit ? updateCategory(category.id, body) : createCategory(body)),
    onSuccess: (res) => {
      feedback.success(res);
      void queryClient.invalidateQueries({ queryKey: categoryKeys.all });
      onOpenChange(false);
    },
    onError: (err) => feedback.failure(err, form.setError),
  });

  // The cm users, and the row's own manager even when that user is no longer a cm.
  const options: ManagerOption[] = [...(managers.data ?? [])];
  if (category?.manager && !options.some((m) => m.id === category.manager!.id)) options.unshift(category.manager);

  return (
    <FormDialog open={open} onOpenChange={onOpenChange} dirty={changed}>
      <DialogContent className="max-w-lg">
        <DialogTitle>{isEdit ? t('categories.edit_title') : t('categories.create_title')}</DialogTitle>
        <form noValidate onSubmit={form.handleSubmit((body) => save.mutate(body))} className="grid gap-4" data-testid="category-form">
          <FormField id="category-name" label={t('categories.fields.name')} error={errors.name?.message}>
            <Input id="category-name" aria-invalid={!!errors.name} autoComplete="off" maxLength={255} {...form.register('name')} />
          </FormField>
          <FormField id="category-manager" label={t('categories.fields.manager')} error={errors.manager_id?.message}>
            <Controller
              control={form.control}
              name="manager_id"
              render={({ field }) => (
                <NativeSelect
                  id="category-manager"
                  aria-invalid={!!errors.manager_id}
                  name={field.name}
                  value={field.value}
                  onChange={(e) => field.onChange(e.target.value)}
                  onBlur={field.onBlur}
                >
                  <option value="">{t('categories.no_manager')}</option>
                  {options.map((m) => (
                    <option key={m.id} value={String(m.id)}>
                      {`${m.name} ${m.surname}`.trim()}
                    </option>
                  ))}
                </NativeSelect>
              )}
            />
          </FormField>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">{t('categories.fields.groups')}</legend>
            <Controller
              control={form.control}
              name="groups"
              render={({ field }) => (
                <div className="flex flex-wrap gap-4">
                  {GROUPS.map((g) => (
                    <label key={g} className="flex items-center gap-2 text-sm">
                      <Checkbox
                        checked={field.value.includes(g)}
                        onCheckedChange={(checked) =>
                          // Kept in the order of GROUPS, whatever the order of the clicks.
                          field.onChange(GROUPS.filter((x) => (x === g ? checked === true : field.value.includes(x))))
                        }
                      />
                      {g}
                    </label>
                  ))}
                </div>
              )}
            />
          </fieldset>
          <div className="flex items-center gap-2">
            <Controller
              control={form.control}
              name="required"
              render={({ field }) => <Switch id="category-required" checked={field.value} onCheckedChange={field.onChange} />}
            />
            <Label htmlFor="category-required">{t('categories.fields.required')}</Label>
          </div>
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
