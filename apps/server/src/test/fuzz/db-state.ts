import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import * as schema from '../../db/schema';

/**
 * Written on a refused request on purpose: a wrong password is counted against the sign-in throttle,
 * and a refused sign-in is in the audit log (decision 020).
 */
const WRITTEN_WHEN_REFUSED = new Set(['login_failures', 'audit_log']);

const TABLES = (Object.values(schema) as unknown[])
  .filter((v) => is(v, PgTable))
  .map((t) => getTableName(t as PgTable))
  .filter((name) => !WRITTEN_WHEN_REFUSED.has(name))
  .sort();

/**
 * A ledger of committed writes for a test's own database: a row trigger on every table notes each
 * row that a write removed (-1) or left (+1), by a hash of its content, in the writing transaction;
 * a rolled-back write leaves no note. A request whose notes do not cancel out changed the tables;
 * one that stored a file and deleted it again on refusal did not. Cheaper than hashing every table
 * around every request, and it sees changes, not only counts.
 */
export async function keepWriteLedger(db: Db): Promise<void> {
  const statements = [
    'create table fuzz_writes (id bigint generated always as identity primary key, table_name text not null, row_hash text not null, sign int not null)',
    `create function fuzz_note_write() returns trigger language plpgsql as $$
      begin
        if TG_OP in ('UPDATE', 'DELETE') then insert into fuzz_writes (table_name, row_hash, sign) values (TG_TABLE_NAME, md5(OLD::text), -1); end if;
        if TG_OP in ('INSERT', 'UPDATE') then insert into fuzz_writes (table_name, row_hash, sign) values (TG_TABLE_NAME, md5(NEW::text), 1); end if;
        return null;
      end $$`,
    ...TABLES.map((name) => `create trigger fuzz_note_write after insert or update or delete on "${name}" for each row execute function fuzz_note_write()`),
  ];
  // One statement at a time: PGlite prepares each query, and a prepared statement holds one command.
  for (const statement of statements) await db.execute(sql.raw(statement));
}

type Rows<T> = { rows: T[] };

/** Where the ledger stands now. */
export async function ledgerMark(db: Db): Promise<number> {
  const result = (await db.execute(sql`select coalesce(max(id), 0)::int as id from fuzz_writes`)) as unknown as Rows<{ id: number }>;
  return result.rows[0]!.id;
}

/** The tables whose rows differ from what they were at a mark, with the rows added and removed ('files +1 -0'). */
export async function changesSince(db: Db, mark: number): Promise<string[]> {
  const result = (await db.execute(sql`
    select table_name, sum(greatest(n, 0))::int as added, sum(greatest(-n, 0))::int as removed
    from (select table_name, row_hash, sum(sign) as n from fuzz_writes where id > ${mark} group by 1, 2 having sum(sign) <> 0) net
    group by 1 order by 1
  `)) as unknown as Rows<{ table_name: string; added: number; removed: number }>;
  return result.rows.map((r) => `${r.table_name} +${r.added} -${r.removed}`);
}
