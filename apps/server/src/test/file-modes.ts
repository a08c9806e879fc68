import fs from 'node:fs';
import path from 'node:path';

/** The permission bits seen on each path (a file written and narrowed later shows both). */
export type SeenModes = Map<string, Set<number>>;

async function scan(dir: string, seen: SeenModes, only: (name: string) => boolean): Promise<void> {
  const entries = await fs.promises.readdir(dir, { withFileTypes: true }).catch(() => []); // removed meanwhile
  for (const entry of entries) {
    if (!only(entry.name)) continue;
    const full = path.join(dir, entry.name);
    const stat = await fs.promises.lstat(full).catch(() => null);
    if (!stat) continue;
    const modes = seen.get(full) ?? new Set<number>();
    modes.add(stat.mode & 0o777);
    seen.set(full, modes);
    if (stat.isDirectory()) await scan(full, seen, () => true);
  }
}

/**
 * Watches what appears under `dir` (only the entries of `dir` that `only` keeps, and everything
 * below them) while some work runs, by scanning it again and again until `stop()`: every file and
 * folder that lives across a scan is seen with the modes it had, temporary ones included.
 */
export function watchModes(dir: string, only: (name: string) => boolean = () => true) {
  const seen: SeenModes = new Map();
  let watching = true;
  let scans = 0;
  const loop = (async () => {
    while (watching) {
      await scan(dir, seen, only);
      scans++;
      await new Promise((r) => setImmediate(r));
    }
  })();
  return {
    async stop(): Promise<{ seen: SeenModes; scans: number }> {
      watching = false;
      await loop;
      await scan(dir, seen, only);
      return { seen, scans: scans + 1 };
    },
  };
}

/** Each path seen with a mode that lets its group or others in, as `path 0644`, sorted. */
export function openToOthers(seen: SeenModes): string[] {
  return [...seen]
    .flatMap(([file, modes]) => [...modes].filter((mode) => mode & 0o077).map((mode) => `${file} 0${mode.toString(8)}`))
    .sort();
}

/** Sets the umask for a test (the one a shell gives by default is 022) and gives back the clean-up. */
export function withUmask(mask: number): () => void {
  const before = process.umask(mask);
  return () => void process.umask(before);
}
