import { and, eq, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { loginFailures, loginLockouts } from '../db/schema';
import { holdLock } from './advisory-lock';
import { AppError } from './errors';

/**
 * Sign-in throttling (decisions 010 and 027), kept in the database so every server process counts
 * the same attempts. Each attempt is written as a failure *before* the password is checked, under a
 * lock per account and per address, so parallel attempts cannot all pass the check; a right
 * password deletes it again. A browser with a valid device cookie for the account (`device`, its
 * nonce) is counted on its own and is not held by the account's lockout.
 */
export interface Limit {
  max: number;
  windowMs: number;
}

export interface ThrottleLimits {
  /** One account from one address, from browsers it has not signed in from: a person mistyping, or one guesser. */
  pair: Limit;
  /** One account from every browser it has not signed in from: what a botnet may guess (ASVS: at most 100 an hour). */
  account: Limit;
  /** One address across accounts: password spraying from one place. */
  address: Limit;
  /** One device cookie: the budget of a browser the account has signed in from. */
  device: Limit;
}

export const DEFAULT_THROTTLE: ThrottleLimits = {
  pair: { max: 5, windowMs: 15 * 60_000 },
  account: { max: 100, windowMs: 60 * 60_000 },
  address: { max: 50, windowMs: 15 * 60_000 },
  device: { max: 5, windowMs: 15 * 60_000 },
};

export interface Attempt {
  id: number;
  /** A failure would use up the account's limit: its lockout starts if the password is wrong. */
  locksAccount: boolean;
}

const tooMany = (retryMs: number) => {
  const minutes = Math.max(1, Math.ceil(retryMs / 60_000));
  return new AppError(429, `Too many failed sign-in attempts. Try again in ${minutes} minutes.`, 'too_many_attempts', undefined, { minutes });
};

const since = (ms: number) => sql`now() - make_interval(secs => ${ms / 1000})`;
/** The account an e-mail address names, as the throttle and the device cookies count it. */
export const accountOf = (email: string) => email.trim().toLowerCase();

/** When an admin last lifted the account's lock: the failures before count for it no more. */
const liftedAt = (account: string | SQL) =>
  sql`coalesce((select ${loginLockouts.lifted_at} from ${loginLockouts} where ${loginLockouts.account} = ${account}), '-infinity'::timestamptz)`;

export class LoginThrottle {
  constructor(
    private db: Db,
    readonly limits: ThrottleLimits = DEFAULT_THROTTLE,
  ) {}

  private get longest() {
    return Math.max(...Object.values(this.limits).map((l: Limit) => l.windowMs));
  }

  /** Counts this attempt as a failure, or throws 429 when a limit is used up. */
  async reserve(email: string, address: string, device: string | null): Promise<Attempt> {
    const account = accountOf(email);
    const limits = this.limits;
    return this.db.transaction(async (tx) => {
      // Account first, then address: every attempt takes them in this order, so no deadlock.
      await holdLock(tx, 'login-account', account);
      await holdLock(tx, 'login-address', address);
      const lifted = liftedAt(account);
      const recent = (limit: Limit, where: SQL, sinceLift = true) => {
        const from = sinceLift ? sql`greatest(${since(limit.windowMs)}, ${lifted})` : since(limit.windowMs);
        const counted = sql`${where} and ${loginFailures.at} > ${from}`;
        return sql`json_build_object(
          'n', count(*) filter (where ${counted}),
          'retry_ms', extract(epoch from (min(${loginFailures.at}) filter (where ${counted})
            + make_interval(secs => ${limit.windowMs / 1000}) - now())) * 1000)`;
      };
      const ofAccount = eq(loginFailures.account, account);
      const untrusted = sql`${ofAccount} and ${isNull(loginFailures.device)}`;
      const counters = {
        pair: recent(limits.pair, sql`${untrusted} and ${eq(loginFailures.address, address)}`),
        account: recent(limits.account, untrusted),
        address: recent(limits.address, eq(loginFailures.address, address), false),
        ...(device ? { device: recent(limits.device, sql`${ofAccount} and ${eq(loginFailures.device, device)}`) } : {}),
      };
      const [counts] = await tx
        .select(counters)
        .from(loginFailures)
        .where(and(or(ofAccount, eq(loginFailures.address, address)), sql`${loginFailures.at} > ${since(this.longest)}`));
      const found = (key: keyof ThrottleLimits) =>
        ((counts as Partial<Record<keyof ThrottleLimits, unknown>> | undefined)?.[key] as { n: number; retry_ms: number | null } | undefined) ?? { n: 0, retry_ms: null };
      const applies: (keyof ThrottleLimits)[] = device ? ['device', 'address'] : ['pair', 'account', 'address'];
      for (const key of applies) {
        const { n, retry_ms } = found(key);
        if (n >= limits[key].max) throw tooMany(Number(retry_ms ?? limits[key].windowMs));
      }
      const [attempt] = await tx.insert(loginFailures).values({ account, address, device }).returning({ id: loginFailures.id });
      // Old rows of this account go as it is used; `sweep` removes the rest.
      await tx.delete(loginFailures).where(and(ofAccount, lt(loginFailures.at, since(this.longest))));
      return { id: attempt!.id, locksAccount: !device && found('account').n + 1 === limits.account.max };
    });
  }

  /** The password was right: the attempt was no failure, and this address's and this browser's failures are forgiven. */
  async succeed(attempt: number, email: string, address: string, device: string | null): Promise<void> {
    const account = accountOf(email);
    await this.db
      .delete(loginFailures)
      .where(
        or(
          eq(loginFailures.id, attempt),
          and(eq(loginFailures.account, account), or(eq(loginFailures.address, address), device ? eq(loginFailures.device, device) : undefined)),
        ),
      );
  }

  /**
   * The account's lockout has just started: true for the one caller that is to tell its owner, once
   * per lockout (not again within its window unless an admin lifted it meanwhile).
   */
  async claimLockoutMail(email: string): Promise<boolean> {
    const account = accountOf(email);
    const claimed = await this.db
      .insert(loginLockouts)
      .values({ account, mailed_at: sql`now()` })
      .onConflictDoUpdate({
        target: loginLockouts.account,
        set: { mailed_at: sql`now()` },
        setWhere: sql`${loginLockouts.mailed_at} is null or ${loginLockouts.mailed_at} < ${since(this.limits.account.windowMs)}
          or ${loginLockouts.mailed_at} < ${loginLockouts.lifted_at}`,
      })
      .returning({ account: loginLockouts.account });
    return claimed.length > 0;
  }

  /** An admin lifts the account's locks: its failures so far count for it no more (an address's count stays). */
  async lift(tx: DbOrTx, email: string): Promise<void> {
    const account = accountOf(email);
    await tx
      .insert(loginLockouts)
      .values({ account, lifted_at: sql`now()` })
      .onConflictDoUpdate({ target: loginLockouts.account, set: { lifted_at: sql`now()` } });
  }

  /** Which of these accounts are locked for browsers they have not signed in from. */
  async locked(emails: string[]): Promise<Set<string>> {
    if (!emails.length) return new Set();
    const { account } = this.limits;
    const rows = await this.db
      .select({ account: loginFailures.account })
      .from(loginFailures)
      .where(
        and(
          inArray(loginFailures.account, emails.map(accountOf)),
          isNull(loginFailures.device),
          sql`${loginFailures.at} > greatest(${since(account.windowMs)}, ${liftedAt(sql`${loginFailures.account}`)})`,
        ),
      )
      .groupBy(loginFailures.account)
      .having(sql`count(*) >= ${account.max}`);
    return new Set(rows.map((r) => r.account));
  }

  /** Failures older than every window count for nothing, nor do mails and lifts older than them. */
  async sweep(): Promise<void> {
    await this.db.delete(loginFailures).where(lt(loginFailures.at, since(this.longest)));
    await this.db
      .delete(loginLockouts)
      .where(sql`greatest(${loginLockouts.mailed_at}, ${loginLockouts.lifted_at}) < ${since(this.longest)}`);
  }
}
