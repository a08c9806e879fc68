import fs from 'node:fs';
import path from 'node:path';
import { PRIVATE_FILE, PRIVATE_FOLDER } from '../../lib/private-files';

/**
 * Copies the folder `from` to `to` (which must not exist): every folder 0700 and every file 0600 from
 * the moment it is created, whatever the modes of the originals (PGlite's first files are 0666) and
 * the umask. Not fs.cp: it gives each copy the original's mode. One buffer serves every file.
 */
export async function copyFolderPrivately(from: string, to: string): Promise<void> {
  const buffer = Buffer.allocUnsafe(1024 * 1024);
  const copyFile = async (src: string, dst: string) => {
    const [input, output] = [await fs.promises.open(src, 'r'), await fs.promises.open(dst, 'wx', PRIVATE_FILE)];
    try {
      for (;;) {
        const { bytesRead } = await input.read(buffer, 0, buffer.length, null);
        if (bytesRead === 0) break;
        await output.write(buffer, 0, bytesRead);
      }
    } finally {
      await input.close();
      await output.close();
    }
  };
  const copy = async (src: string, dst: string): Promise<void> => {
    await fs.promises.mkdir(dst, { mode: PRIVATE_FOLDER });
    for (const entry of await fs.promises.readdir(src, { withFileTypes: true })) {
      if (entry.isDirectory()) await copy(path.join(src, entry.name), path.join(dst, entry.name));
      else if (entry.isFile()) await copyFile(path.join(src, entry.name), path.join(dst, entry.name));
    }
  };
  await copy(from, to);
}
