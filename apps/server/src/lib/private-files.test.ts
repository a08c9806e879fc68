import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { withUmask } from '../test/file-modes';
import { narrowTree, privateFolder } from './private-files';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'promo-private-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
const modeOf = (p: string) => (fs.statSync(p).mode & 0o777).toString(8);

describe('the folders and files of an installation an older version left readable by others', () => {
  it('are narrowed: a folder of ours to 0700 (made so when missing), a tree to 0600 files in 0700 folders', async () => {
    onTestFinished(withUmask(0o022));
    const made = path.join(tmp, 'data', 'files');
    await privateFolder(made);
    expect([modeOf(path.join(tmp, 'data')), modeOf(made)]).toEqual(['700', '700']);

    const old = path.join(tmp, 'old');
    fs.mkdirSync(path.join(old, 'base'), { recursive: true, mode: 0o755 });
    fs.writeFileSync(path.join(old, 'base', '1259'), 'x', { mode: 0o666 });
    fs.writeFileSync(path.join(old, 'PG_VERSION'), '17', { mode: 0o644 });
    fs.chmodSync(path.join(old, 'base', '1259'), 0o666);
    await privateFolder(old);
    await narrowTree(old);
    expect([old, path.join(old, 'base'), path.join(old, 'base', '1259'), path.join(old, 'PG_VERSION')].map(modeOf)).toEqual(['700', '700', '600', '600']);
  });
});
