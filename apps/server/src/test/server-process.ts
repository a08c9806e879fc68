import { spawn, type ChildProcess } from 'node:child_process';
import { REPO_ROOT } from '../config';
import { freePort } from './free-port';

export interface ServerProcess {
  base: string;
  process: ChildProcess;
  /** SIGTERM, and waits for the process to exit. */
  stop(): Promise<void>;
}

/**
 * The server as a process of its own (`tsx apps/server/src/server.ts`, `--import`s first) on a free
 * loopback port, once `/healthz` answers. `env` is the whole environment; PORT and HOST are set here.
 */
export async function startServerProcess(opts: {
  env: NodeJS.ProcessEnv;
  imports?: string[];
  /** Gets what the server writes to stdout (its log), from the start: else it is dropped. */
  onStdout?: (text: string) => void;
  timeoutMs?: number;
}): Promise<ServerProcess> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const args = ['--import', 'tsx', ...(opts.imports ?? []).flatMap((m) => ['--import', m]), 'apps/server/src/server.ts'];
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    env: { ...opts.env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', opts.onStdout ? 'pipe' : 'ignore', 'inherit'],
  });
  if (opts.onStdout) child.stdout!.on('data', (chunk: Buffer) => opts.onStdout!(chunk.toString()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  };
  const timeoutMs = opts.timeoutMs ?? 120_000;
  for (const until = Date.now() + timeoutMs; ; await new Promise((r) => setTimeout(r, 200))) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (await fetch(`${base}/healthz`).then((r) => r.ok, () => false)) return { base, process: child, stop };
    if (Date.now() > until) {
      await stop();
      throw new Error(`the server did not start within ${timeoutMs / 1000} s`);
    }
  }
}
