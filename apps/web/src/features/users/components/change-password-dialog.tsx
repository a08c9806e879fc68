import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { lettersAndDigitsOnly, newPasswordField, type UserRow } from '@promo/shared';
import { Button } from '@/components/ui/button';
import { DialogContent, DialogDescription, DialogFooter, DialogTitle } from '@/components/ui/dialog';
import { DialogCancel, FormDialog } from '@/components/ui/discard-changes';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useFormChanged } from '@/lib/use-form-changed';
import { useSaveFeedback } from '@/lib/use-save-feedback';
import { updatePassword } from '../api';

const schema = z
  .object({ new_password: newPasswordField, confirm: z.string().min(1, 'required_field') })
  .refine((v) => v.new_password === v.confirm, { path: ['confirm'], message: 'passwords_match' });
type Values = z.infer<typeof schema>;

export function ChangePasswordDialog({ user, onClose }: { user: UserRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const feedback = useSaveFeedback();
  const form = useForm<Values>({ resolver: zodResolver(schema), mode: 'onBlur', defaultValues: { new_password: '', confirm: '' } });
  const { errors } = form.formState;
  const changed = useFormChanged(form.control, form.formState.defaultValues);
  useEffect(() => form.reset({ new_password: '', confirm: '' }), [user, form]);

  const save = useMutation({
    mutationFn: (v: Values) => updatePassword(user!.id, v.new_password),
    onSuccess: (res) => {
      feedback.success(res);
      onClose();
    },
    onError: (err) => feedback.failure(err),
  });

  // The input keeps letters and digits only (spec 000 §5).
  const field = (name: keyof Values, label: string) => {
    const reg = form.register(name);
    return (
      <FormField id={`pw-${name}`} label={label} error={errors[name]?.message}>
        <Input
          id={`pw-${name}`}
          type="password"
          autoComplete="new-password"
          aria-invalid={!!errors[name]}
          {...reg}
          onChange={(e) => {
            e.target.value = lettersAndDigitsOnly(e.target.value);
            return reg.onChange(e);
          }}
        />
      </FormField>
    );
  };

  return (
    <FormDialog open={!!user} onOpenChange={(open) => !open && onClose()} dirty={changed}>
      <DialogContent className="max-w-md">
        <DialogTitle>{t('users.change_password')}</DialogTitle>
        <DialogDescription>{user?.email}</DialogDescription>
        <form noValidate className="grid gap-4" onSubmit={form.handleSubmit((v) => save.mutate(v))}>
          {field('new_password', t('users.new_password'))}
          {field('confirm', t('users.confirm_password'))}
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
