import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { loginFailures } from '../db/schema';
import { AppError } from './errors';

/**
 * Sign-in throttling (decision 010), kept in the database so every server process counts the
 * same attempts. Each attempt is written as a failure *before* the password is checked, under a
 * lock per account and per address, so parallel attempts cannot all pass the check; a right
 * password deletes it again.
 */
export interface Limit {
  max: number;
  windowMs: number;
}

export interface ThrottleLimits {
  /** One account from one address: a person mistyping, or one guesser. */
  pair: Limit;
  /** One account from every address: what a botnet may guess (ASVS: at most 100 an hour). */
  account: Limit;
  /** One address across accounts: password spraying from one place. */
  address: Limit;
}

export const DEFAULT_THROTTLE: ThrottleLimits = {
  pair: { max: 5, windowMs: 15 * 60_000 },
  account: { max: 100, windowMs: 60 * 60_000 },
  address: { max: 50, windowMs: 15 * 60_000 },
};

const tooMany = (retryMs: number) => {
  const minutes = Math.max(1, Math.ceil(retryMs / 60_000));
  return new AppError(429, `Too many failed sign-in attempts. Try again in ${minutes} minutes.`, 'too_many_attempts', undefined, { minutes });
};

const since = (ms: number) => sql`now() - make_interval(secs => ${ms / 1000})`;

export class LoginThrottle {
  constructor(
    private db: Db,
    readonly limits: ThrottleLimits = DEFAULT_THROTTLE,
  ) {}

  /** Counts this attempt as a failure, or throws 429 when a limit is used up. Returns the attempt. */
  async reserve(email: string, address: string): Promise<number> {
    const account = email.trim().toLowerCase();
    const { pair, account: perAccount, address: perAddress } = this.limits;
    const longest = Math.max(pair.windowMs, perAccount.windowMs, perAddress.windowMs);
    return this.db.transaction(async (tx) => {
      // Account first, then address: every attempt takes them in this order, so no deadlock.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`login-account:${account}`}))`);
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`login-address:${address}`}))`);
      const recent = (limit: Limit, where: ReturnType<typeof sql>) => sql`
        json_build_object(
          'n', count(*) filter (where ${where} and ${loginFailures.at} > ${since(limit.windowMs)}),
          'retry_ms', extract(epoch from (min(${loginFailures.at}) filter (where ${where} and ${loginFailures.at} > ${since(limit.windowMs)})
            + make_interval(secs => ${limit.windowMs / 1000}) - now())) * 1000)`;
      const [counts] = await tx
        .select({
          pair: recent(pair, sql`${loginFailures.account} = ${account} and ${loginFailures.address} = ${address}`),
          account: recent(perAccount, sql`${loginFailures.account} = ${account}`),
          address: recent(perAddress, sql`${loginFailures.address} = ${address}`),
        })
        .from(loginFailures)
        .where(and(or(eq(loginFailures.account, account), eq(loginFailures.address, address)), sql`${loginFailures.at} > ${since(longest)}`));
      for (const key of ['pair', 'account', 'address'] as const) {
        const found = counts?.[key] as { n: number; retry_ms: number | null } | undefined;
        if (found && found.n >= this.limits[key].max) throw tooMany(Number(found.retry_ms ?? this.limits[key].windowMs));
      }
      const [attempt] = await tx.insert(loginFailures).values({ account, address }).returning({ id: loginFailures.id });
      // Old rows of this account go as it is used; `sweep` removes the rest.
      await tx.delete(loginFailures).where(and(eq(loginFailures.account, account), lt(loginFailures.at, since(longest))));
      return attempt!.id;
    });
  }

  /** The password was right: the attempt was no failure, and this address's failures for it are forgiven. */
  async succeed(attempt: number, email: string, address: string): Promise<void> {
    const account = email.trim().toLowerCase();
    await this.db
      .delete(loginFailures)
      .where(or(eq(loginFailures.id, attempt), and(eq(loginFailures.account, account), eq(loginFailures.address, address))));
  }

  /** Failures older than every window count for nothing. */
  async sweep(): Promise<void> {
    const { pair, account, address } = this.limits;
    await this.db.delete(loginFailures).where(lt(loginFailures.at, since(Math.max(pair.windowMs, account.windowMs, address.windowMs))));
  }
}
