import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isAxiosError } from 'axios';
import { loginBody, type LoginBody } from '@promo/shared';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { describeError } from '@/lib/error-catalogue';
import { setLanguage } from '@/lib/i18n';
import { EnglishFlag, NorwegianFlag } from '@/app/flags';
import { login } from '../api';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../demo-accounts';

export default function LoginPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<LoginBody>({
    resolver: zodResolver(loginBody),
    mode: 'onBlur',
    defaultValues: { email: DEMO_ACCOUNTS[0].email, password: DEMO_PASSWORD },
  });
  const { errors, isSubmitting } = form.formState;
  // The server's answer was about the values sent: once they change it no longer holds, and it
  // must not stand beside the new values' field errors.
  useEffect(() => {
    const { unsubscribe } = form.watch(() => setFailure(null));
    return unsubscribe;
  }, [form]);

  const onSubmit = form.handleSubmit(
    async (values) => {
      setFailure(null);
      try {
        await login(values);
        toast({ title: t('toast.system_message'), description: t('auth.enjoy') });
        navigate('/', { replace: true });
      } catch (err) {
        if (isAxiosError(err)) setFailure(describeError(err, t)?.description ?? t('errors.unknown'));
      }
    },
    () => setFailure(null),
  );

  return (
    <div className="w-full max-w-sm rounded-lg border border-border bg-background p-8 shadow-sm">
      <div className="mb-6 flex items-start justify-between">
        <div>
          <h1 className="text-2xl font-semibold">{t('auth.title')}</h1>
          <p className="text-sm text-muted-foreground">{t('auth.subtitle')}</p>
        </div>
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('header.switch_language')}
          data-testid="language-toggle"
          data-language={i18n.language}
          onClick={() => setLanguage(i18n.language === 'en' ? 'no' : 'en')}
        >
          {i18n.language === 'en' ? <EnglishFlag className="h-4 w-6" /> : <NorwegianFlag className="h-4 w-6" />}
        </Button>
      </div>
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        {failure && (
          <div role="alert" data-testid="login-error" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-700">
            {failure}
          </div>
        )}
        <FormField id="email" label={t('auth.email')} error={errors.email?.message}>
          <Input id="email" type="email" autoComplete="username" aria-invalid={!!errors.email} {...form.register('email')} />
        </FormField>
        <FormField id="password" label={t('auth.password')} error={errors.password?.message}>
          <Input id="password" type="password" autoComplete="current-password" aria-invalid={!!errors.password} {...form.register('password')} />
        </FormField>
        <Button type="submit" disabled={isSubmitting}>
          {t('auth.sign_in')}
        </Button>
      </form>
      <details className="mt-6 text-sm text-muted-foreground">
        <summary className="cursor-pointer">{t('auth.demo_accounts')}</summary>
        <ul className="mt-2 grid gap-1">
          {DEMO_ACCOUNTS.map((a) => (
            <li key={a.email}>
              <button
                type="button"
                className="cursor-pointer text-primary hover:underline"
                onClick={() => form.reset({ email: a.email, password: DEMO_PASSWORD })}
              >
                {t(`roles.${a.role}`)}: {a.email}
              </button>
            </li>
          ))}
        </ul>
        <p className="mt-2">{t('auth.demo_password', { password: DEMO_PASSWORD })}</p>
      </details>
    </div>
  );
}
