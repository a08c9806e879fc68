import { spawn } from 'node:child_process';
import path from 'node:path';

/** pg_dump and pg_restore from PG_BIN_DIR when set, else from the PATH. */
export function pgTool(name: 'pg_dump' | 'pg_restore'): string {
  return process.env.PG_BIN_DIR ? path.join(process.env.PG_BIN_DIR, name) : name;
}

/** Runs a PostgreSQL client tool to its end; rejects with its standard error when it fails. */
export function runPgTool(name: 'pg_dump' | 'pg_restore', args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(pgTool(name), args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      if (stderr.length < 64 * 1024) stderr += chunk;
    });
    child.once('error', (err: NodeJS.ErrnoException) =>
      reject(
        err.code === 'ENOENT'
          ? new Error(`${name} was not found: install the PostgreSQL client tools (the server's major version or later) or set PG_BIN_DIR`)
          : err,
      ),
    );
    child.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`${name} failed (exit ${code}): ${stderr.trim()}`))));
  });
}
