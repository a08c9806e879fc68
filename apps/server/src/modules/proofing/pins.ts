import { and, eq, max } from 'drizzle-orm';
import { PIN_EVENT, type FilePin, type newPinBody, type PinStatus } from '@promo/shared';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { chatMessages, filePinReplies, filePins } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import type { AuthContext } from '../../lib/auth-context';
import { invalidField, notFound } from '../../lib/errors';
import type { Realtime } from '../../lib/realtime';
import { chatParticipants } from '../chat/messages';
import { visibleChat } from '../promotion-design/psd-access';
import { loadPin, loadPins } from './pin-rows';

interface PinServices {
  db: Db;
  realtime: Realtime;
}

/** Images (every rendition) and the first page of a PDF can carry pins. */
export const isPinnable = (m: { file_id: number | null; type_extension: string; file_name: string }) =>
  m.file_id !== null && (m.type_extension === 'image' || (m.type_extension === 'document' && /\.pdf$/i.test(m.file_name)));

/** Sends the pin, as it is now, to the chat's participants once its change is committed. */
async function announce(s: PinServices, chatId: number, pinId: number): Promise<FilePin> {
  const [to, pin] = await Promise.all([chatParticipants(s.db, chatId), loadPin(s.db, pinId)]);
  if (!pin) throw notFound();
  s.realtime.publish(to, PIN_EVENT, { chat_id: chatId, pin });
  return pin;
}

export async function listPins(db: Db, auth: AuthContext, chatId: number): Promise<FilePin[]> {
  await visibleChat(db, auth, chatId);
  return loadPins(db, eq(filePins.chat_id, chatId));
}

/**
 * The message (a file version) a pin goes on, locked so that pins on it are numbered one at a time.
 * A replaced HQ or LQ file still takes pins; a message its sender deleted has no file left.
 */
async function pinnableMessage(tx: DbOrTx, chatId: number, number: number) {
  const [m] = await tx
    .select({ id: chatMessages.id, file_id: chatMessages.file_id, type_extension: chatMessages.type_extension, file_name: chatMessages.file_name, delete_message: chatMessages.delete_message, replaced_by_id: chatMessages.replaced_by_id })
    .from(chatMessages)
    .where(and(eq(chatMessages.chat_id, chatId), eq(chatMessages.message_id, number)))
    // NO KEY UPDATE, not UPDATE: read receipts written meanwhile (rows naming the message) need not wait.
    .for('no key update');
  if (!m || (m.delete_message && m.replaced_by_id === null)) throw notFound();
  if (!isPinnable(m)) throw invalidField('message_id', 'not_pinnable');
  return m;
}

export async function addPin(s: PinServices, auth: AuthContext, body: z.output<typeof newPinBody>): Promise<FilePin> {
  const pinId = await s.db.transaction(async (tx) => {
    // A share lock: a design being marked Completed counts the open pins with this one or without.
    await visibleChat(tx, auth, body.chat_id, 'share');
    const message = await pinnableMessage(tx, body.chat_id, body.message_id);
    const [last] = await tx.select({ number: max(filePins.number) }).from(filePins).where(eq(filePins.message_id, message.id));
    const [pin] = await tx
      .insert(filePins)
      .values({
        chat_id: body.chat_id,
        message_id: message.id,
        number: (last?.number ?? 0) + 1,
        author_id: auth.user.id,
        x: body.x,
        y: body.y,
        width: body.width ?? null,
        height: body.height ?? null,
        text: body.text,
      })
      .returning({ id: filePins.id });
    await writeAudit(tx, auth, {
      action: 'create',
      entity: 'file_pins',
      entityId: pin!.id,
      after: { chat_id: body.chat_id, message_id: message.id, x: body.x, y: body.y, width: body.width ?? null, height: body.height ?? null, text: body.text },
    });
    return pin!.id;
  });
  return announce(s, body.chat_id, pinId);
}

/** A pin of a chat the caller may see, locked for this change. */
async function visiblePin(tx: DbOrTx, auth: AuthContext, pinId: number) {
  const [found] = await tx.select({ chat_id: filePins.chat_id }).from(filePins).where(eq(filePins.id, pinId));
  if (!found) throw notFound();
  await visibleChat(tx, auth, found.chat_id, 'share');
  // Locked after the design, in the order every pin change takes; it may have gone with its message.
  const [pin] = await tx.select().from(filePins).where(eq(filePins.id, pinId)).for('no key update');
  if (!pin) throw notFound();
  return pin;
}

export async function replyToPin(s: PinServices, auth: AuthContext, pinId: number, text: string): Promise<FilePin> {
  const chatId = await s.db.transaction(async (tx) => {
    const pin = await visiblePin(tx, auth, pinId);
    const [reply] = await tx.insert(filePinReplies).values({ pin_id: pin.id, author_id: auth.user.id, text }).returning({ id: filePinReplies.id });
    await writeAudit(tx, auth, { action: 'reply', entity: 'file_pins', entityId: pin.id, after: { reply_id: reply!.id, text } });
    await tx.update(filePins).set({ updated_at: new Date() }).where(eq(filePins.id, pin.id));
    return pin.chat_id;
  });
  return announce(s, chatId, pinId);
}

/**
 * Resolves a pin (who and when are recorded) or reopens it (they are cleared). Asking for the
 * status it already has changes nothing: the first resolver stays on record.
 */
export async function setPinStatus(s: PinServices, auth: AuthContext, pinId: number, status: PinStatus): Promise<FilePin> {
  const changed = await s.db.transaction(async (tx) => {
    const pin = await visiblePin(tx, auth, pinId);
    if (pin.status === status) return null;
    const resolved = status === 'resolved';
    await tx
      .update(filePins)
      .set({ status, resolved_by_id: resolved ? auth.user.id : null, resolved_at: resolved ? new Date() : null, updated_at: new Date() })
      .where(eq(filePins.id, pin.id));
    await writeAudit(tx, auth, { action: 'set_status', entity: 'file_pins', entityId: pin.id, before: { status: pin.status }, after: { status } });
    return pin.chat_id;
  });
  if (changed !== null) return announce(s, changed, pinId);
  const pin = await loadPin(s.db, pinId);
  if (!pin) throw notFound();
  return pin;
}
