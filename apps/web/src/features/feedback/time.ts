import { useEffect, useState } from 'react';
import type { TFunction } from 'i18next';

export interface Age {
  unit: 'minutes' | 'hours' | 'days';
  count: number;
}

/** How old something is: minutes under an hour, hours under a day, else days (spec 001 §9). */
export function feedbackAge(iso: string, now: number = Date.now()): Age {
  const ms = now - new Date(iso).getTime();
  const minutes = Number.isFinite(ms) ? Math.max(0, Math.floor(ms / 60_000)) : 0;
  if (minutes < 60) return { unit: 'minutes', count: minutes };
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return { unit: 'hours', count: hours };
  return { unit: 'days', count: Math.floor(hours / 24) };
}

export function ageText(t: TFunction, iso: string, now?: number): string {
  const { unit, count } = feedbackAge(iso, now);
  if (unit === 'minutes') return t('feedback.age.minutes', { n: count });
  if (unit === 'hours') return t('feedback.age.hours', { n: count });
  return t('feedback.age.days', { n: count });
}

/** The current time, renewed every minute, so ages on screen move on. */
export function useNow(intervalMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
