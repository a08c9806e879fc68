import { asc, eq, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FilePin, PinStatus } from '@promo/shared';
import type { DbOrTx } from '../../db/client';
import { chatMessages, filePinReplies, filePins, users } from '../../db/schema';
import { senderName } from '../chat/messages';

const resolver = alias(users, 'resolver');
const nameOf = (u: { name: string; surname: string } | null) => (u ? senderName(u) : '');

/** Pins as the client sees them, with their replies: by file (its message number), then by number. */
export async function loadPins(db: DbOrTx, where: SQL): Promise<FilePin[]> {
  const rows = await db
    .select({
      pin: filePins,
      message_number: chatMessages.message_id,
      author: { name: users.name, surname: users.surname },
      resolver: { name: resolver.name, surname: resolver.surname },
    })
    .from(filePins)
    .innerJoin(chatMessages, eq(chatMessages.id, filePins.message_id))
    .leftJoin(users, eq(users.id, filePins.author_id))
    .leftJoin(resolver, eq(resolver.id, filePins.resolved_by_id))
    .where(where)
    .orderBy(asc(chatMessages.message_id), asc(filePins.number));
  if (!rows.length) return [];
  const replies = await db
    .select({ reply: filePinReplies, author: { name: users.name, surname: users.surname } })
    .from(filePinReplies)
    .leftJoin(users, eq(users.id, filePinReplies.author_id))
    .where(
      inArray(
        filePinReplies.pin_id,
        rows.map((r) => r.pin.id),
      ),
    )
    .orderBy(asc(filePinReplies.id));
  return rows.map(({ pin, message_number, author, resolver: by }) => ({
    id: pin.id,
    chat_id: pin.chat_id,
    message_id: message_number,
    number: pin.number,
    x: pin.x,
    y: pin.y,
    width: pin.width,
    height: pin.height,
    text: pin.text,
    status: pin.status as PinStatus,
    author_id: pin.author_id,
    author_name: nameOf(author),
    resolved_by_name: pin.status === 'resolved' ? nameOf(by) : null,
    resolved_at: pin.resolved_at?.toISOString() ?? null,
    create_date: pin.created_at.toISOString(),
    replies: replies
      .filter((r) => r.reply.pin_id === pin.id)
      .map(({ reply, author: a }) => ({ id: reply.id, text: reply.text, author_id: reply.author_id, author_name: nameOf(a), create_date: reply.created_at.toISOString() })),
  }));
}

/** One pin; undefined when it has gone (with its message) since. */
export async function loadPin(db: DbOrTx, pinId: number): Promise<FilePin | undefined> {
  const [pin] = await loadPins(db, eq(filePins.id, pinId));
  return pin;
}
