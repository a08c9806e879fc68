import { Gauge, type Registry } from 'prom-client';
import type { Db } from '../db/client';

interface PoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

const isPool = (client: unknown): client is PoolCounts => typeof (client as Partial<PoolCounts> | null)?.totalCount === 'number';

/**
 * The database connections. With PostgreSQL (pg.Pool): open, idle, and queries waiting for one.
 * PGlite is one connection inside the process that runs one query at a time: total 1, and no
 * idle or waiting figure to report (decision 034).
 */
export function observeDbPool(db: Db, registry: Registry) {
  const client: unknown = (db as { $client?: unknown }).$client;
  const driver = isPool(client) ? 'pg' : 'pglite';
  const gauge = (name: string, help: string, read: (pool: PoolCounts) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['driver'] as const,
      registers: [registry],
      collect() {
        if (isPool(client)) this.set({ driver }, read(client));
        else if (name === 'db_pool_connections_total') this.set({ driver }, 1);
      },
    });
  gauge('db_pool_connections_total', 'Database connections open (PGlite: 1).', (p) => p.totalCount);
  gauge('db_pool_connections_idle', 'Open database connections not in use (pg only).', (p) => p.idleCount);
  gauge('db_pool_waiting_queries', 'Queries waiting for a free database connection (pg only).', (p) => p.waitingCount);
}
