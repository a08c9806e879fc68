import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import type { ChatMessage, SignData, SignLayout } from '@promo/shared';
import type { DbOrTx } from '../../db/client';
import { chatMessages, files } from '../../db/schema';
import type { AuthContext } from '../../lib/auth-context';
import { invalidField } from '../../lib/errors';
import { PRIVATE_FILE, PRIVATE_FOLDER } from '../../lib/private-files';
import type { Realtime } from '../../lib/realtime';
import { deleteFiles, storeUpload } from '../../lib/uploads';
import { chatMessagesByIds, liveFileOfType } from '../chat/messages';
import { sendGeneratedFile } from '../chat/service';
import type { PreflightQueue } from '../preflight/queue';
import { assertNotSentToPrinters } from '../promotion-design/service';
import { problemsRefusal, signProducts, toSignData, withLocalFiles } from './sign-data';
import { claimGenerate } from './generate-claim';
import { refusalOf, signPsd, storedSigns, type SignDeps } from './sign-set';

export type GenerateDeps = SignDeps & { realtime: Realtime; preflight: PreflightQueue };

/** The background's stored key, when the layout has one. */
async function backgroundKey(deps: SignDeps, layout: SignLayout): Promise<string[]> {
  if (layout.background_file_id === null) return [];
  const [row] = await deps.db.select({ key: files.storage_key }).from(files).where(eq(files.id, layout.background_file_id));
  return row ? [row.key] : [];
}

/** Everything a sign file is drawn from (images by their stored key), hashed. */
function drawnDigest(templateVersion: number, layout: SignLayout, signs: SignData[]): string {
  return createHash('sha256').update(JSON.stringify({ templateVersion, layout, signs })).digest('base64url');
}

/** The chat's current HQ file when it was generated from exactly this digest. */
async function sameGenerated(db: DbOrTx, chatId: number, digest: string): Promise<ChatMessage | null> {
  const [current] = await db
    .select({ id: chatMessages.id, digest: chatMessages.sign_digest })
    .from(chatMessages)
    .where(liveFileOfType(chatId, 'HQ'))
    .orderBy(desc(chatMessages.message_id))
    .limit(1);
  if (current?.digest !== digest) return null;
  const [message] = await chatMessagesByIds(db, [current.id]);
  return message ?? null;
}

export interface Generated {
  message: ChatMessage;
  /** The chat's current HQ file was drawn from the same signs, template and products: nothing new was made. */
  unchanged: boolean;
}

/**
 * Renders the design's stored signs into one PDF (a temporary file, 0600, in a folder of its own),
 * stores it as the caller's upload and sends it to the design's chat as its new HQ file, as an HQ
 * upload is sent: the earlier HQ file stays as a version, the preflight and the review flow take
 * the new one (decision 043). The message records the template version and the number of signs.
 *
 * One generate per design at a time (a double click, a second tab, another server process: the
 * others get signs_generating), and none when the chat's current HQ file was drawn from the same
 * data: the answer is that file's message, so a second click never makes a second version.
 */
export async function generateSigns(deps: GenerateDeps, auth: AuthContext, psdId: number): Promise<Generated> {
  const psd = await signPsd(deps.db, auth, psdId);
  await deps.db.transaction((tx) => assertNotSentToPrinters(tx, psd.promotion_id));
  const release = await claimGenerate(deps.db, psdId);
  try {
    return await generateClaimed(deps, auth, psd);
  } finally {
    await release();
  }
}

async function generateClaimed(deps: GenerateDeps, auth: AuthContext, psd: Awaited<ReturnType<typeof signPsd>>): Promise<Generated> {
  const rows = await storedSigns(deps.db, psd.id);
  if (!rows.length) throw invalidField('signs', 'signs_required');
  const known = await signProducts(deps.db, rows.map((r) => r.product_id));
  const inputs = rows.map((r) => ({ product_id: r.product_id, price: r.price_ore, previous_price: r.previous_price_ore ?? undefined, valid_to: r.valid_to, texts: r.texts }));
  // The products may have changed since the signs were saved (a net quantity removed).
  const refusal = await refusalOf(deps, psd.layout, inputs, known);
  if (refusal) throw refusal;
  const signData = (imagePath: (key: string) => string | null) =>
    rows.map((r) => toSignData({ product_id: r.product_id, price: r.price_ore, previous_price: r.previous_price_ore, valid_to: r.valid_to, texts: r.texts }, known.get(r.product_id)!, imagePath));
  const digest = drawnDigest(psd.template_version, psd.layout, signData((key) => key));
  const same = await sameGenerated(deps.db, psd.chat_id!, digest);
  if (same) return { message: same, unchanged: true };

  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'promo-signs-'));
  try {
    await fs.promises.chmod(dir, PRIVATE_FOLDER);
    const out = path.join(dir, 'signs.pdf');
    const background = await backgroundKey(deps, psd.layout);
    const imageKeys = [...known.values()].map((p) => p.image_key).filter((k): k is string => k !== null);
    const outcome = await withLocalFiles(deps.storage, [...background, ...imageKeys], (paths) =>
      deps.signRenderer.generate({ layout: psd.layout, background: background[0] ? paths.get(background[0])! : null, signs: signData((key) => paths.get(key) ?? null), out }),
    );
    if (!outcome.ok) throw problemsRefusal(outcome.problems);
    await fs.promises.chmod(out, PRIVATE_FILE);
    // Made by the server, not sent by the caller: no upload quota; the caller holds it as its upload.
    const stored = await storeUpload(deps.db, deps.storage, { name: `signs-${psd.id}-v${psd.template_version}.pdf`, stream: fs.createReadStream(out), kind: 'any', userId: null });
    await deps.db.update(files).set({ uploaded_by: auth.user.id }).where(eq(files.id, stored.id));
    try {
      const message = await sendGeneratedFile(deps, auth, { chat_id: psd.chat_id!, file_id: stored.id, text: '' }, { template_version: psd.template_version, signs: rows.length, digest });
      return { message, unchanged: false };
    } catch (err) {
      const removeBytes = await deleteFiles(deps.db, deps.storage, [stored.id]);
      await removeBytes();
      throw err;
    }
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}
