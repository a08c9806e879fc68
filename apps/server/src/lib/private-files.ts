import fs from 'node:fs';
import path from 'node:path';

/*
 * Files holding data or secrets (stored uploads, the database, backups, exports) are readable by
 * their owner only, whatever the umask of the process that writes them: a mode given at creation is
 * only ever narrowed by the umask (issue 33).
 */
export const PRIVATE_FILE = 0o600;
export const PRIVATE_FOLDER = 0o700;

const open = (mode: number) => (mode & 0o077) !== 0;
const ownedByUs = (uid: number) => uid === process.getuid?.();

/**
 * Creates the folder `dir` of the product's own (and any missing parent) 0700, and narrows it to
 * 0700 when it exists wider, as an older version left it; a folder of another owner is left as it is
 * (only its owner or root may change it).
 */
export async function privateFolder(dir: string): Promise<void> {
  await fs.promises.mkdir(dir, { recursive: true, mode: PRIVATE_FOLDER });
  const { mode, uid } = await fs.promises.stat(dir);
  if (open(mode) && ownedByUs(uid)) await fs.promises.chmod(dir, PRIVATE_FOLDER);
}

export function privateFolderSync(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_FOLDER });
  const { mode, uid } = fs.statSync(dir);
  if (open(mode) && ownedByUs(uid)) fs.chmodSync(dir, PRIVATE_FOLDER);
}

/** Narrows every file under `dir` to 0600 and every folder to 0700 (PGlite makes a new data folder's files 0666). */
export async function narrowTree(dir: string): Promise<void> {
  for (const entry of await fs.promises.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) await narrowTree(full);
    if (!entry.isDirectory() && !entry.isFile()) continue;
    const { mode, uid } = await fs.promises.stat(full);
    if (open(mode) && ownedByUs(uid)) await fs.promises.chmod(full, entry.isDirectory() ? PRIVATE_FOLDER : PRIVATE_FILE);
  }
}
