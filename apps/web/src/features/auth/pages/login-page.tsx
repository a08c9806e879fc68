import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { loginFieldErrors, type LoginValues } from '@promo/shared';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { describeError } from '@/lib/error-text';
import { setLanguage } from '@/lib/i18n';
import { EnglishFlag, NorwegianFlag } from '@/app/flags';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../demo-accounts';
import { SignInFailure, signIn } from '../sign-in-request';
import { requestSsoInfo, type SsoButton } from '../sso-info';

const FIELDS = ['email', 'password'] as const;

/*
 * Two fields, checked with the shared sign-in rules (login-rules.ts): no form library and no zod,
 * so the first page everyone opens stays small (issue 13). A field's error shows once the field was
 * left or the form sent, and follows what is typed from then on.
 */
export default function LoginPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [values, setValues] = useState<LoginValues>({ email: DEMO_ACCOUNTS[0].email, password: DEMO_PASSWORD });
  const [shown, setShown] = useState<Partial<Record<keyof LoginValues, boolean>>>({});
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [sso, setSso] = useState<SsoButton | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    void requestSsoInfo(controller.signal).then(setSso);
    return () => controller.abort();
  }, []);
  const inputs = useRef<Partial<Record<keyof LoginValues, HTMLInputElement | null>>>({});
  const errors = loginFieldErrors(values);
  const errorOf = (field: keyof LoginValues) => (shown[field] ? errors[field] : undefined);

  const inputProps = (field: keyof LoginValues) => ({
    id: field,
    name: field,
    value: values[field],
    'aria-invalid': !!errorOf(field),
    ref: (el: HTMLInputElement | null) => void (inputs.current[field] = el),
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      setValues((v) => ({ ...v, [field]: e.target.value }));
      // The server's answer was about the values sent: once they change it no longer holds.
      setFailure(null);
    },
    onBlur: () => setShown((s) => ({ ...s, [field]: true })),
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setShown({ email: true, password: true });
    setFailure(null);
    const invalid = FIELDS.find((f) => errors[f]);
    if (invalid) {
      inputs.current[invalid]?.focus();
      return;
    }
    setSubmitting(true);
    try {
      await signIn(values);
      toast({ title: t('auth.signed_in'), description: t('auth.enjoy') });
      navigate('/', { replace: true });
    } catch (err) {
      setSubmitting(false);
      setFailure(err instanceof SignInFailure ? (describeError(err, t)?.description ?? t('errors.unknown')) : t('errors.unknown'));
    }
  };

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
      {sso && (
        <div className="mb-6 grid gap-3">
          {/* A link, not a button: it leaves the app for the provider's sign-in (decision 035). */}
          <a
            href={`${sso.startPath}?lang=${i18n.language === 'en' ? 'en' : 'no'}`}
            data-testid="sso-sign-in"
            className="inline-flex h-10 items-center justify-center rounded-md border border-border bg-background px-4 text-sm font-medium hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            {t('auth.sso_sign_in', { name: sso.name })}
          </a>
          <p className="text-center text-sm text-muted-foreground">{t('auth.sso_or')}</p>
        </div>
      )}
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        {failure && (
          <div role="alert" data-testid="login-error" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-700">
            {failure}
          </div>
        )}
        <FormField id="email" label={t('auth.email')} error={errorOf('email')}>
          <Input type="email" autoComplete="username" {...inputProps('email')} />
        </FormField>
        <FormField id="password" label={t('auth.password')} error={errorOf('password')}>
          <Input type="password" autoComplete="current-password" {...inputProps('password')} />
        </FormField>
        <Button type="submit" disabled={submitting}>
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
                onClick={() => {
                  setValues({ email: a.email, password: DEMO_PASSWORD });
                  setShown({});
                  setFailure(null);
                }}
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
