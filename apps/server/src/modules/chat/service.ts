import { and, asc, eq, isNull, ne, notExists, or, sql } from 'drizzle-orm';
import { can, CHAT_IMAGE_SIZES, DESIGN_STATUS_EVENT, REVIEW_EVENT, isImageName, NO_PRINT_FILE_STATUSES, type ChatData, type ChatEvent, type ChatMessage, type RatingAnswer, type UrlImages } from '@promo/shared';
import type { z } from 'zod';
import type { newMessageBody } from '@promo/shared';
import type { Db, DbOrTx } from '../../db/client';
import { chatMessages, chats, files, messageReads } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import type { AuthContext } from '../../lib/auth-context';
import { forbidden, invalidField, notFound } from '../../lib/errors';
import { discardRenditions, imageUrl, recordRenditions, renderImage, type RenderedImage } from '../../lib/images';
import type { Realtime } from '../../lib/realtime';
import type { Storage } from '../../lib/storage';
import { deleteFiles } from '../../lib/uploads';
import { assertPrintFilesOpen, printFilesFixed } from '../print/hq-files';
import type { PreflightQueue } from '../preflight/queue';
import { startPreflight } from '../preflight/store';
import { assertDesignHolder } from '../promotion-design/design-holder';
import { visibleChat } from '../promotion-design/psd-access';
import { pushSketchToRate } from '../push/design-pushes';
import { chatMessagesByIds, chatParticipants, designParticipants, liveFileOfType, newChatMessage, removeMessages, replaceMessages, toChatMessages } from './messages';
import { applyRating } from './rating-status';
import { enterReview } from '../reviews/progress';
import { ratingAsDecision } from '../reviews/rating';
import { closeReview } from '../reviews/service';

type NewMessage = z.output<typeof newMessageBody>;

interface ChatServices {
  db: Db;
  storage: Storage;
  realtime: Realtime;
  preflight: PreflightQueue;
}

/**
 * Sends each message to every participant of the chat once the change is committed. The caller
 * may pass the participants it already looked up.
 */
async function announce(s: ChatServices, chatId: number, event: ChatEvent, messageIds: number[], participants?: Promise<number[]>) {
  if (!messageIds.length) return [];
  const [to, messages] = await Promise.all([participants ?? chatParticipants(s.db, chatId), chatMessagesByIds(s.db, messageIds)]);
  for (const message of messages) s.realtime.publish(to, event, { chat_id: chatId, message });
  return messages;
}

export async function getChat(db: Db, auth: AuthContext, chatId: number): Promise<ChatData> {
  const psd = await visibleChat(db, auth, chatId);
  const [rows, fixed] = await Promise.all([
    db.select().from(chatMessages).where(eq(chatMessages.chat_id, chatId)).orderBy(asc(chatMessages.message_id)),
    printFilesFixed(db, psd.promotion_id),
  ]);
  return {
    chat: { id: chatId, promotion_surface_design_id: psd.id, design_status: psd.status, print_files_fixed: fixed, messages: await toChatMessages(db, rows) },
  };
}

/** The caller's own upload that nothing has claimed yet. */
const ownUpload = (auth: AuthContext, fileId: number) =>
  and(eq(files.id, fileId), isNull(files.owner_table), eq(files.variant, 'upload'), eq(files.uploaded_by, auth.user.id));

async function claimUpload(tx: DbOrTx, auth: AuthContext, fileId: number) {
  const [row] = await tx.select().from(files).where(ownUpload(auth, fileId)).for('update');
  if (!row) throw invalidField('file_id', 'unknown_upload');
  return row;
}

/**
 * The renditions of an image sent to the chat, made before the message's transaction: decoding a
 * large image takes long, and the transaction (on PGlite the one connection) must not wait for it.
 */
async function renderSentImage(s: ChatServices, auth: AuthContext, body: NewMessage): Promise<RenderedImage | null> {
  if (!body.file_id) return null;
  const [upload] = await s.db.select().from(files).where(ownUpload(auth, body.file_id));
  if (!upload || !isImageName(upload.original_name)) return null;
  // No rendering work for a chat the sender cannot see; checked again in the transaction.
  await visibleChat(s.db, auth, body.chat_id);
  return renderImage(s.storage, upload, CHAT_IMAGE_SIZES);
}

const isPrintFile = (type: string) => type === 'HQ' || type === 'LQ';

/** An HQ file rendered from a design's price signs (decision 043): what the message records of it. */
export interface GeneratedFrom {
  template_version: number;
  signs: number;
  /** What was drawn, hashed: the same digest again means the same file (generate.ts). */
  digest: string;
}

/** Writes the message inside the caller's transaction; `rendered` holds the renditions of its image. */
async function writeMessage(
  tx: DbOrTx,
  s: ChatServices,
  auth: AuthContext,
  body: NewMessage,
  text: string,
  rendered: RenderedImage | null,
  generated: GeneratedFrom | null = null,
) {
  // A share lock: the design cannot change status or go meanwhile, yet sends to the chat overlap up
  // to the numbering below, which the chat row's lock serialises. A designer's file of a type may
  // bind the design to the designer: that needs the row for update.
  const binds = !!body.type_file && auth.user.role === 'designer';
  const psd = await visibleChat(tx, auth, body.chat_id, binds ? 'update' : 'share');
  if (body.type_file) await assertDesignHolder(tx, auth, psd);
  // A generated sign file needs no brief or designer first: it is the design's work itself (decision 043).
  if (!generated && isPrintFile(body.type_file) && (NO_PRINT_FILE_STATUSES as readonly string[]).includes(psd.status)) {
    throw invalidField('type_file', 'print_file_not_allowed');
  }
  if (body.comment_mess_id) {
    const [target] = await tx
      .select({ id: chatMessages.id })
      .from(chatMessages)
      .where(and(eq(chatMessages.chat_id, body.chat_id), eq(chatMessages.message_id, body.comment_mess_id)));
    if (!target) throw invalidField('comment_mess_id', 'not_found');
  }
  const upload = body.file_id ? await claimUpload(tx, auth, body.file_id) : null;
  if (upload && body.type_file === 'HQ') await assertPrintFilesOpen(tx, psd.promotion_id, 'type_file');
  const typeExtension = upload ? (isImageName(upload.original_name) ? 'image' : 'document') : '';

  // The chat row hands out the numbers: under its lock they stay 1, 2, 3 ... without gaps.
  const [chat] = await tx
    .update(chats)
    .set({ last_message_id: sql`${chats.last_message_id} + 1`, updated_at: new Date() })
    .where(eq(chats.id, body.chat_id))
    .returning({ number: chats.last_message_id });

  const [row] = await tx
    .insert(chatMessages)
    .values({
      chat_id: body.chat_id,
      message_id: chat!.number,
      sender_id: auth.user.id,
      text,
      file_id: upload?.id ?? null,
      file_name: upload?.original_name ?? '',
      file_size: upload?.size ?? 0,
      type_extension: typeExtension,
      type_file: upload ? body.type_file : '',
      comment_mess_id: body.comment_mess_id ?? null,
      sign_template_version: generated?.template_version ?? null,
      sign_count: generated?.signs ?? null,
      sign_digest: generated?.digest ?? null,
    })
    .returning();
  let images: UrlImages | null = null;
  if (upload && typeExtension === 'image') {
    if (rendered?.upload.id !== upload.id) throw invalidField('file_id', 'unknown_upload');
    const made = await recordRenditions(tx, rendered, { table: 'chat_messages', id: row!.id });
    images = { original: imageUrl(made.get('original')!), w_500: imageUrl(made.get('w_500')!), w_200: imageUrl(made.get('w_200')!) };
  } else if (upload) {
    await tx.update(files).set({ owner_table: 'chat_messages', owner_id: row!.id, variant: 'original' }).where(eq(files.id, upload.id));
  }
  // The current file of the type, whatever its kind, leaves the chat's view and stays as a version (decision 030).
  const replaced = upload && body.type_file ? await replaceMessages(tx, and(liveFileOfType(body.chat_id, body.type_file), ne(chatMessages.id, row!.id)), row!.id) : [];
  // An HQ file is checked against the design's surface once this commits (decision 017).
  const preflight = upload && body.type_file === 'HQ' ? await startPreflight(tx, upload, psd.surface_id) : null;
  // The new version enters the promotion's review flow (decision 040), whose first stage's reviewers are told.
  const review = upload && body.type_file ? await enterReview(tx, psd, { id: row!.id, type_file: body.type_file }) : null;
  if (upload && body.type_file === 'Sketch' && !review) await pushSketchToRate(tx, psd.id);
  await writeAudit(tx, auth, {
    action: 'create',
    entity: 'chat_messages',
    entityId: row!.id,
    after: {
      chat_id: body.chat_id,
      message_id: row!.message_id,
      text,
      file_id: row!.file_id,
      file_name: row!.file_name,
      type_file: row!.type_file,
      ...(replaced.length ? { replaced_ids: replaced } : {}),
      ...(generated ? { sign_template_version: generated.template_version, sign_count: generated.signs } : {}),
    },
  });
  return { row: row!, images, replaced, preflight, psdId: psd.id, promotionId: psd.promotion_id, inReview: !!review };
}

/**
 * A new message: text, a file from the shared upload step, or both. A Sketch, HQ or LQ file
 * replaces the current file of its type, image or document, which is marked removed and keeps its
 * file as an earlier version (decisions 017, 030).
 */
export async function sendMessage(s: ChatServices, auth: AuthContext, body: NewMessage): Promise<ChatMessage> {
  const text = body.text.trim();
  if (!text && !body.file_id) throw invalidField('text', 'message_empty');
  if (body.type_file && !body.file_id) throw invalidField('type_file', 'file_required');
  if (body.type_file && !can(auth.user.role, 'chat.chooseFileType')) throw forbidden();
  return deliverMessage(s, auth, body, text, null);
}

/**
 * The HQ file generated from a design's price signs, sent to its chat by the caller as an HQ upload
 * is (decision 043): the caller's upload `file_id` becomes the current HQ file, earlier versions
 * stay, and the preflight and the review flow take it as any HQ file. signs.edit lets the caller
 * choose the HQ type for this file alone.
 */
export async function sendGeneratedFile(s: ChatServices, auth: AuthContext, body: { chat_id: number; file_id: number; text: string }, generated: GeneratedFrom): Promise<ChatMessage> {
  return deliverMessage(s, auth, { ...body, type_file: 'HQ', comment_mess_id: undefined } as NewMessage, body.text.trim(), generated);
}

async function deliverMessage(s: ChatServices, auth: AuthContext, body: NewMessage, text: string, generated: GeneratedFrom | null): Promise<ChatMessage> {
  // Who hears of it does not depend on the message: looked up while it is written, so the event
  // leaves as soon as the transaction commits.
  const participants = chatParticipants(s.db, body.chat_id);
  participants.catch(() => {});
  let rendered: RenderedImage | null = null;
  let created: Awaited<ReturnType<typeof writeMessage>>;
  try {
    rendered = await renderSentImage(s, auth, body);
    const image = rendered;
    created = await s.db.transaction((tx) => writeMessage(tx, s, auth, body, text, image, generated));
  } catch (err) {
    await discardRenditions(s.storage, rendered);
    throw err;
  }
  const message = newChatMessage(created.row, auth.user, created.images, created.preflight);
  s.realtime.publish(await participants, 'AddNewMessageEvent', { chat_id: body.chat_id, message });
  if (created.preflight) s.preflight.add(created.row.file_id!);
  await announce(s, body.chat_id, 'UpdateMessageEvent', created.replaced, participants);
  if (created.inReview) s.realtime.publish(await participants, REVIEW_EVENT, { chat_id: body.chat_id, promotion_id: created.promotionId, promotion_surface_design_id: created.psdId, message_id: created.row.message_id });
  return message;
}

/** The sender's own live message, locked. */
async function ownMessage(tx: DbOrTx, auth: AuthContext, chatId: number, messageId: number) {
  const psd = await visibleChat(tx, auth, chatId);
  const [row] = await tx
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.chat_id, chatId), eq(chatMessages.message_id, messageId)))
    .for('update');
  if (!row || row.delete_message) throw notFound();
  if (row.sender_id !== auth.user.id) throw forbidden();
  return { ...row, promotion_id: psd.promotion_id };
}

export async function updateMessage(s: ChatServices, auth: AuthContext, body: { chat_id: number; message_id: number; text: string }) {
  const text = body.text.trim();
  const id = await s.db.transaction(async (tx) => {
    const row = await ownMessage(tx, auth, body.chat_id, body.message_id);
    if (!text && row.file_id === null) throw invalidField('text', 'message_empty');
    await tx.update(chatMessages).set({ text, update_message: true, updated_at: new Date() }).where(eq(chatMessages.id, row.id));
    await writeAudit(tx, auth, { action: 'update', entity: 'chat_messages', entityId: row.id, before: { text: row.text }, after: { text } });
    return row.id;
  });
  const [message] = await announce(s, body.chat_id, 'UpdateMessageEvent', [id]);
  return message!;
}

/** A removed message keeps its place (delete_message) and loses its text, file, rating and pins. */
export async function deleteMessage(s: ChatServices, auth: AuthContext, chatId: number, messageId: number) {
  let removeBytes = async () => {};
  const id = await s.db.transaction(async (tx) => {
    const row = await ownMessage(tx, auth, chatId, messageId);
    if (row.type_file === 'HQ' && row.file_id !== null) await assertPrintFilesOpen(tx, row.promotion_id, 'message_id');
    const [removed] = await removeMessages(tx, eq(chatMessages.id, row.id));
    if (row.type_file) await closeReview(tx, row.id);
    removeBytes = await deleteFiles(tx, s.storage, removed?.file_id ? [removed.file_id] : []);
    await writeAudit(tx, auth, {
      action: 'delete',
      entity: 'chat_messages',
      entityId: row.id,
      before: { chat_id: chatId, message_id: messageId, text: row.text, file_id: row.file_id, file_name: row.file_name, type_file: row.type_file },
    });
    return row.id;
  });
  await removeBytes();
  await announce(s, chatId, 'UpdateMessageEvent', [id]);
}

/** Marks every message of others in the chat read by the caller; each newly read one is announced. */
export async function markRead(s: ChatServices, auth: AuthContext, chatId: number) {
  await visibleChat(s.db, auth, chatId);
  const unread = await s.db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.chat_id, chatId),
        // A message whose sender was deleted (sender_id null) is someone else's too.
        or(isNull(chatMessages.sender_id), ne(chatMessages.sender_id, auth.user.id)),
        notExists(
          s.db
            .select({ one: sql`1` })
            .from(messageReads)
            .where(and(eq(messageReads.message_id, chatMessages.id), eq(messageReads.user_id, auth.user.id))),
        ),
      ),
    );
  if (!unread.length) return 0;
  const inserted = await s.db
    .insert(messageReads)
    .values(unread.map((m) => ({ message_id: m.id, user_id: auth.user.id })))
    .onConflictDoNothing()
    .returning({ id: messageReads.message_id });
  await announce(s, chatId, 'WhoReadEvent', inserted.map((r) => r.id));
  return inserted.length;
}

/**
 * Sketch ratings go on live Sketch files only. With a review flow the rating is the rater's decision
 * when the rater reviews the open stage (a change request needs a comment), else only a reaction
 * (decision 040); without one approved and cancelled move the design's status (decision 030).
 */
export async function rateSketch(s: ChatServices, auth: AuthContext, body: { chat_id: number; message_id: number; rating: number; comment: string }): Promise<RatingAnswer> {
  const { id, psd, status, inFlow } = await s.db.transaction(async (tx) => {
    const psd = await visibleChat(tx, auth, body.chat_id, 'update');
    const [row] = await tx
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.chat_id, body.chat_id), eq(chatMessages.message_id, body.message_id)))
      .for('update');
    if (!row || row.delete_message) throw notFound();
    if (row.type_file !== 'Sketch' || row.file_id === null) throw invalidField('message_id', 'not_a_sketch');
    await tx.update(chatMessages).set({ rating_file: body.rating, updated_at: new Date() }).where(eq(chatMessages.id, row.id));
    const statusBefore = psd.status;
    const inFlow = await ratingAsDecision(tx, auth, psd, row, body.rating, body.comment);
    const status =
      inFlow.effect === 'decision' ? inFlow.outcome.status : inFlow.effect === 'status' ? await applyRating(tx, psd, row.rating_file, body.rating, auth.user.id) : null;
    const decision = inFlow.effect === 'decision' ? { review_decision: body.rating === 3 ? 'approve' : 'changes', ...(body.comment ? { comment: body.comment } : {}) } : {};
    // The same rating again, with no status to move and no decision, changes nothing: no row on record.
    if (row.rating_file !== body.rating || status || inFlow.effect === 'decision') await writeAudit(tx, auth, {
      action: 'rate',
      entity: 'chat_messages',
      entityId: row.id,
      before: { rating_file: row.rating_file, ...(status ? { status: statusBefore } : {}) },
      after: { rating_file: body.rating, ...(status ? { status: status.status } : {}), ...decision },
    });
    return { id: row.id, psd, status, inFlow };
  });
  const [message] = await announce(s, body.chat_id, 'UpdateMessageEvent', [id]);
  const to = status || inFlow.effect !== 'status' ? await designParticipants(s.db, psd.id) : [];
  if (status) s.realtime.publish(to, DESIGN_STATUS_EVENT, status);
  // The review panel and the design list's mark follow on every open page (issue 33).
  if (inFlow.effect !== 'status') s.realtime.publish(to, REVIEW_EVENT, { chat_id: body.chat_id, promotion_id: psd.promotion_id, promotion_surface_design_id: psd.id, message_id: body.message_id });
  return { message: message!, effect: inFlow.effect, review_stage: inFlow.effect === 'reaction' ? inFlow.stage : null };
}
