import { execFileSync, spawn } from 'node:child_process';

/**
 * The production build of the server (built here, 0.1 s, as `npm start` runs it) in a process
 * group of its own, so the benchmark's end stops it. Resolves once it answers on `port`, with a
 * function that stops it and waits until it has exited.
 */
export async function startBenchServer(port: number, env: NodeJS.ProcessEnv, nodeArgs: string[] = []): Promise<() => Promise<void>> {
  execFileSync(process.execPath, ['apps/server/build.mjs', '--quiet'], { stdio: 'inherit' });
  const child = spawn(process.execPath, [...nodeArgs, 'apps/server/dist/server.js'], { env: { ...env, PORT: String(port) }, stdio: ['ignore', 'inherit', 'inherit'], detached: true });
  const kill = () => {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      // already gone
    }
  };
  process.on('exit', kill);
  const stop = async () => {
    const exited = new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
    kill();
    await exited;
  };
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.ok, () => false)) return stop;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the server did not start within 2 minutes');
}
