import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../config';

/**
 * The product's version: the repository's package.json (semantic versioning, decision 033). A
 * backup's manifest and the API reference name it; raise it with every release.
 */
export function appVersion(): string {
  const pkg = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version?: string };
  if (!pkg.version) throw new Error(`${path.join(REPO_ROOT, 'package.json')} has no version`);
  return pkg.version;
}
