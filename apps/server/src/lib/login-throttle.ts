import { AppError } from './errors';

/**
 * Counts failed sign-ins per email and per client address in a sliding window.
 * In memory: one server process guards itself (a Redis store is the step for several).
 */
export interface ThrottleLimits {
  windowMs: number;
  perEmail: number;
  perAddress: number;
}

export const DEFAULT_THROTTLE: ThrottleLimits = { windowMs: 15 * 60_000, perEmail: 5, perAddress: 30 };

export class LoginThrottle {
  private failures = new Map<string, number[]>();

  constructor(
    private limits: ThrottleLimits = DEFAULT_THROTTLE,
    private now: () => number = Date.now,
  ) {}

  private recent(key: string): number[] {
    const since = this.now() - this.limits.windowMs;
    const list = (this.failures.get(key) ?? []).filter((t) => t > since);
    if (list.length) this.failures.set(key, list);
    else this.failures.delete(key);
    return list;
  }

  /** Throws 429 when either key has used up its failures. */
  check(email: string, address: string): void {
    const byEmail = this.recent(`e:${email.toLowerCase()}`);
    const byAddress = this.recent(`a:${address}`);
    const blocked =
      (byEmail.length >= this.limits.perEmail && byEmail) ||
      (byAddress.length >= this.limits.perAddress && byAddress);
    if (blocked) {
      const retryMs = blocked[0]! + this.limits.windowMs - this.now();
      const minutes = Math.max(1, Math.ceil(retryMs / 60_000));
      throw new AppError(
        429,
        `Too many failed sign-in attempts. Try again in ${minutes} minutes.`,
        'too_many_attempts',
        undefined,
        { minutes },
      );
    }
  }

  fail(email: string, address: string): void {
    const t = this.now();
    for (const key of [`e:${email.toLowerCase()}`, `a:${address}`]) {
      this.failures.set(key, [...this.recent(key), t]);
    }
  }

  succeed(email: string): void {
    this.failures.delete(`e:${email.toLowerCase()}`);
  }
}
