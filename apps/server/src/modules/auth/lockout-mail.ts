import type { FastifyInstance } from 'fastify';
import { findLiveUserByEmail, type UserLanguage } from './service';

const TEXTS: Record<UserLanguage, { subject: string; body: (minutes: number) => string }> = {
  no: {
    subject: 'Innlogging på kontoen din er sperret',
    body: (minutes) =>
      [
        `Noen har prøvd feil passord på kontoen din i Kampanjeportalen mange ganger fra andre steder. Innlogging fra nye nettlesere er derfor sperret i opptil ${minutes} minutter.`,
        'Du kan fortsatt logge inn fra nettlesere du har logget inn fra før. En administrator kan oppheve sperren på brukersiden.',
        'Var det ikke deg som prøvde, bør en administrator gi deg et nytt passord.',
      ].join('\n\n'),
  },
  en: {
    subject: 'Sign-in to your account is locked',
    body: (minutes) =>
      [
        `Someone has tried wrong passwords for your account in the promotion portal many times from other places. Signing in from new browsers is therefore locked for up to ${minutes} minutes.`,
        'You can still sign in from browsers you have signed in from before. An administrator can lift the lock on the users page.',
        'If it was not you who tried, an administrator should give you a new password.',
      ].join('\n\n'),
  },
};

/** The mail to an account's owner when its lockout starts: in its language, or in both when the app does not know it. */
export function lockoutMailText(language: UserLanguage | null, minutes: number, signInUrl?: string) {
  const languages: UserLanguage[] = language ? [language] : ['no', 'en'];
  const link = signInUrl ? `\n\n${signInUrl}` : '';
  return {
    subject: languages.map((l) => TEXTS[l].subject).join(' / '),
    text: `${languages.map((l) => TEXTS[l].body(minutes) + link).join('\n\n---\n\n')}\n`,
  };
}

/**
 * Tells the owner of `email` that its lockout has started, once per lockout whichever process
 * counted the failure that started it. Runs beside the answer: the refused attempt waits for no
 * mail server, and takes no longer for an account that exists than for one that does not.
 */
export function mailLockoutStart(app: FastifyInstance, email: string): void {
  if (!app.mailer.enabled) return;
  const send = async () => {
    const user = await findLiveUserByEmail(app.db, email);
    if (!user || !(await app.loginThrottle.claimLockoutMail(email))) return;
    const signInUrl = app.config.PUBLIC_URL ? new URL('/login', app.config.PUBLIC_URL).toString() : undefined;
    const minutes = app.loginThrottle.limits.account.windowMs / 60_000;
    await app.mailer.send({ to: user.email, ...lockoutMailText(user.language as UserLanguage | null, minutes, signInUrl) });
  };
  send().catch((err: unknown) => app.log.error({ err, event: 'lockout_mail_failed' }, 'the mail about a sign-in lockout was not sent'));
}
