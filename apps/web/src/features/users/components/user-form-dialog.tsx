import { useEffect, useMemo } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  can,
  GROUP_CATEGORY_PRESETS,
  GROUPS,
  USER_TEXT_FIELDS,
  userCreateBody,
  type Group,
  type Role,
  type SessionUser,
  type UserRow,
} from '@promo/shared';
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
import { createUser, rolesQuery, updateUser, userKeys, type UserFormBody } from '../api';

type FormValues = UserFormBody;

const editSchema = userCreateBody.omit({ password: true });

const emptyValues = (): FormValues => ({
  email: '',
  password: '',
  name: '',
  ...(Object.fromEntries(USER_TEXT_FIELDS.map((f) => [f, ''])) as Record<(typeof USER_TEXT_FIELDS)[number], string>),
  status: true,
  group: '',
  role: 'user',
  category_ids: [],
  sso_only: false,
});

export function UserFormDialog({
  open,
  onOpenChange,
  user,
  me,
  categories,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The row to edit; absent to create. */
  user: UserRow | null;
  me: SessionUser;
  categories: { id: number; name: string }[];
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const feedback = useSaveFeedback();
  const isEdit = !!user;
  const mayChangeRole = can(me.role, 'users.changeRole');
  const roles = useQuery({ ...rolesQuery, enabled: open && mayChangeRole });

  const resolver = useMemo(() => zodResolver((isEdit ? editSchema : userCreateBody) as never) as unknown as Resolver<FormValues>, [isEdit]);
  const form = useForm<FormValues>({ resolver, mode: 'onBlur', defaultValues: emptyValues() });
  const changed = useFormChanged(form.control, form.formState.defaultValues);
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (!open) return;
    form.reset(user ? { ...emptyValues(), ...user, group: user.group ?? '', password: '' } : emptyValues());
  }, [open, user, form]);

  const save = useMutation({
    mutationFn: (values: FormValues) => {
      const { password, ...rest } = values;
      return isEdit ? updateUser(user.id, rest) : createUser({ ...rest, password });
    },
    onSuccess: (res) => {
      feedback.success(res);
      void queryClient.invalidateQueries({ queryKey: userKeys.all });
      onOpenChange(false);
    },
    onError: (err) => feedback.failure(err, form.setError),
  });

  const onGroup = (group: string) => {
    form.setValue('group', group);
    const preset = GROUP_CATEGORY_PRESETS[group as Group];
    if (preset) {
      form.setValue(
        'category_ids',
        categories.filter((c) => preset.includes(c.name)).map((c) => c.id),
      );
    }
  };

  const role = form.watch('role');
  const text = (name: keyof FormValues, type = 'text') => (
    <FormField id={`user-${name}`} label={t(`users.fields.${name}`)} error={errors[name]?.message}>
      <Input id={`user-${name}`} type={type} aria-invalid={!!errors[name]} {...form.register(name)} />
    </FormField>
  );

  return (
    <FormDialog open={open} onOpenChange={onOpenChange} dirty={changed}>
      <DialogContent className="max-w-3xl">
        <DialogTitle>{isEdit ? t('users.edit_title') : t('users.create_title')}</DialogTitle>
        <form noValidate onSubmit={form.handleSubmit((v) => save.mutate(v))} className="grid gap-4" data-testid="user-form">
          <div className="grid gap-3 sm:grid-cols-2">
            {text('email', 'email')}
            {!isEdit && text('password', 'password')}
            {text('name')}
            {USER_TEXT_FIELDS.map((f) => (
              <div key={f}>{text(f)}</div>
            ))}
            <FormField id="user-group" label={t('users.fields.group')} error={errors.group?.message}>
              <NativeSelect id="user-group" value={form.watch('group')} onChange={(e) => onGroup(e.target.value)} disabled={!mayChangeRole}>
                <option value="">{t('users.no_group')}</option>
                {GROUPS.map((g) => (
                  <option key={g} value={g}>
                    {g}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            {mayChangeRole && (
              <FormField id="user-role" label={t('users.fields.role')} error={errors.role?.message}>
                <NativeSelect id="user-role" {...form.register('role')}>
                  {(roles.data ?? [{ name: form.getValues('role') }]).map((r: { name: Role }) => (
                    <option key={r.name} value={r.name}>
                      {t(`roles.${r.name}`)}
                    </option>
                  ))}
                </NativeSelect>
              </FormField>
            )}
            <div className="flex items-center gap-2 pt-6">
              <Controller
                control={form.control}
                name="status"
                render={({ field }) => (
                  <Switch id="user-status" checked={field.value} onCheckedChange={field.onChange} disabled={!mayChangeRole} />
                )}
              />
              <Label htmlFor="user-status">{t('users.fields.status')}</Label>
            </div>
            {mayChangeRole && (
              // Password sign-in refused: the account signs in through the chain's provider only (decision 035).
              <div className="flex items-center gap-2 pt-6">
                <Controller
                  control={form.control}
                  name="sso_only"
                  render={({ field }) => <Switch id="user-sso-only" checked={field.value} onCheckedChange={field.onChange} />}
                />
                <Label htmlFor="user-sso-only">{t('users.fields.sso_only')}</Label>
              </div>
            )}
          </div>
          {role === 'user' && (
            <fieldset className="grid gap-2" disabled={!mayChangeRole}>
              <legend className="mb-1 text-sm font-medium">{t('users.fields.categories')}</legend>
              <Controller
                control={form.control}
                name="category_ids"
                render={({ field }) => (
                  <div className="grid gap-2 sm:grid-cols-3">
                    {categories.map((c) => (
                      <label key={c.id} className="flex items-center gap-2 text-sm">
                        <Checkbox
                          checked={field.value.includes(c.id)}
                          disabled={!mayChangeRole}
                          onCheckedChange={(checked) =>
                            field.onChange(checked ? [...field.value, c.id] : field.value.filter((id) => id !== c.id))
                          }
                        />
                        {c.name}
                      </label>
                    ))}
                  </div>
                )}
              />
            </fieldset>
          )}
          <DialogFooter>
            <DialogCancel />
            <Button type="submit" disabled={isSubmitting || save.isPending}>
              {t('common.save')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </FormDialog>
  );
}
