import { and, asc, count, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import {
  can,
  feedbackPreview,
  hasRichText,
  MIN_NAME_LENGTH,
  richTextToPlain,
  type AddFeedbackMessageBody,
  type CreateFeedbackBody,
  type Feedback,
  type FeedbackData,
  type FeedbackListData,
  type FeedbackListQuery,
  type FeedbackMessage,
  type FeedbackUser,
  type FeedbackUserOption,
  type Role,
} from '@promo/shared';
import type { Db, DbOrTx } from '../../db/client';
import { feedbackMessages, feedbackReads, feedbacks, users } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import type { AuthContext } from '../../lib/auth-context';
import { forbidden, invalidField, notFound } from '../../lib/errors';
import { sanitizeRichText } from '../../lib/rich-text';

type ThreadRow = typeof feedbacks.$inferSelect;
type UserRow = { id: number; name: string; surname: string; role: string };

const fullName = (u: { name: string; surname: string }) => `${u.name} ${u.surname}`.trim();
const feedbackUser = (u: UserRow | undefined): FeedbackUser | null =>
  u ? { id: u.id, name: fullName(u), roles: [{ name: u.role as Role }] } : null;

const isParticipant = (thread: Pick<ThreadRow, 'from_user_id' | 'to_user_id'>, userId: number) =>
  thread.from_user_id === userId || thread.to_user_id === userId;

/** Users by id, deleted ones included: a deleted user's messages stay attributable (DOMAIN.md). */
async function usersById(db: DbOrTx, ids: (number | null)[]): Promise<Map<number, UserRow>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (!wanted.length) return new Map();
  const rows = await db.select({ id: users.id, name: users.name, surname: users.surname, role: users.role }).from(users).where(inArray(users.id, wanted));
  return new Map(rows.map((u) => [u.id, u]));
}

/** The threads the caller may see: its own, or every thread for an admin (moderation). */
const visibleTo = (auth: AuthContext) =>
  can(auth.user.role, 'feedback.readAny') ? undefined : or(eq(feedbacks.from_user_id, auth.user.id), eq(feedbacks.to_user_id, auth.user.id));

/** Newest activity first: the newest message's time, or the thread's own for a thread without messages. */
const lastActivity = sql`coalesce((select max(fm.created_at) from feedback_messages fm where fm.feedback_id = ${feedbacks.id}), ${feedbacks.created_at})`;

export async function listFeedbacks(db: DbOrTx, auth: AuthContext, query: FeedbackListQuery): Promise<FeedbackListData> {
  const me = auth.user.id;
  const where = visibleTo(auth);
  const [[total], page] = await Promise.all([
    db.select({ n: count() }).from(feedbacks).where(where),
    db
      .select()
      .from(feedbacks)
      .where(where)
      .orderBy(desc(lastActivity), desc(feedbacks.id))
      .limit(query.count_show)
      .offset(query.start_index),
  ]);
  const ids = page.map((f) => f.id);
  if (!ids.length) return { feedbacks: [], total: Number(total?.n ?? 0) };

  const [newest, unread, people] = await Promise.all([
    db
      .selectDistinctOn([feedbackMessages.feedback_id], {
        feedback_id: feedbackMessages.feedback_id,
        text: feedbackMessages.text,
        sender_id: feedbackMessages.sender_id,
        created_at: feedbackMessages.created_at,
      })
      .from(feedbackMessages)
      .where(inArray(feedbackMessages.feedback_id, ids))
      .orderBy(feedbackMessages.feedback_id, desc(feedbackMessages.created_at), desc(feedbackMessages.id)),
    db
      .select({ feedback_id: feedbackMessages.feedback_id, n: count() })
      .from(feedbackMessages)
      .leftJoin(feedbackReads, and(eq(feedbackReads.message_id, feedbackMessages.id), eq(feedbackReads.user_id, me)))
      .where(and(inArray(feedbackMessages.feedback_id, ids), isNull(feedbackReads.message_id), sql`${feedbackMessages.sender_id} is distinct from ${me}`))
      .groupBy(feedbackMessages.feedback_id),
    usersById(
      db,
      page.flatMap((f) => [f.from_user_id, f.to_user_id]),
    ),
  ]);
  const newestOf = new Map(newest.map((m) => [m.feedback_id, m]));
  const unreadOf = new Map(unread.map((u) => [u.feedback_id, Number(u.n)]));
  return {
    total: Number(total?.n ?? 0),
    feedbacks: page.map((f) => {
      const last = newestOf.get(f.id);
      return {
        id: f.id,
        title: f.title,
        from_user: feedbackUser(people.get(f.from_user_id ?? 0)),
        to_user: feedbackUser(people.get(f.to_user_id ?? 0)),
        preview: last ? feedbackPreview(last.text) : '',
        last_message_date: (last?.created_at ?? f.created_at).toISOString(),
        last_sender_id: last?.sender_id ?? null,
        // Only a participant has anything to read: an admin looking on never marks a thread read.
        unread: isParticipant(f, me) && (unreadOf.get(f.id) ?? 0) > 0,
        create_date: f.created_at.toISOString(),
      };
    }),
  };
}

/** The people a thread can be started with: active users that are not deleted, except the caller. */
export async function feedbackRecipients(db: DbOrTx, auth: AuthContext): Promise<FeedbackUserOption[]> {
  const rows = await db
    .select({ id: users.id, name: users.name, surname: users.surname })
    .from(users)
    .where(and(isNull(users.deleted_at), eq(users.status, true), sql`${users.id} <> ${auth.user.id}`))
    .orderBy(asc(users.name), asc(users.surname), asc(users.id));
  return rows.map((u) => ({ id: u.id, name: fullName(u) }));
}

/** The stored (sanitized) HTML of a message, or the field error that refuses it. */
function cleanMessage(html: string, minLength: number): string {
  const clean = sanitizeRichText(html);
  if (!hasRichText(clean)) throw invalidField('message', 'required_field');
  if (Array.from(richTextToPlain(clean)).length < minLength) throw invalidField('message', 'min_2_chars');
  return clean;
}

async function messagesOf(db: DbOrTx, feedbackId: number): Promise<FeedbackMessage[]> {
  const rows = await db
    .select()
    .from(feedbackMessages)
    .where(eq(feedbackMessages.feedback_id, feedbackId))
    .orderBy(asc(feedbackMessages.created_at), asc(feedbackMessages.id));
  const reads = rows.length
    ? await db
        .select({ message_id: feedbackReads.message_id, user_id: feedbackReads.user_id })
        .from(feedbackReads)
        .where(
          inArray(
            feedbackReads.message_id,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(feedbackReads.read_at), asc(feedbackReads.user_id))
    : [];
  const readers = new Map<number, number[]>();
  for (const r of reads) readers.set(r.message_id, [...(readers.get(r.message_id) ?? []), r.user_id]);
  return rows.map((m) => ({
    id: m.id,
    text: m.text,
    sender_id: m.sender_id,
    who_read_messages: readers.get(m.id) ?? [],
    create_date: m.created_at.toISOString(),
  }));
}

async function threadData(db: DbOrTx, thread: ThreadRow): Promise<FeedbackData> {
  const messages = await messagesOf(db, thread.id);
  const people = await usersById(db, [thread.from_user_id, thread.to_user_id, ...messages.map((m) => m.sender_id)]);
  const feedback: Feedback = {
    id: thread.id,
    title: thread.title,
    from_user: feedbackUser(people.get(thread.from_user_id ?? 0)),
    to_user: feedbackUser(people.get(thread.to_user_id ?? 0)),
    messages,
    create_date: thread.created_at.toISOString(),
  };
  return { feedback, users: [...people.values()].map((u) => ({ id: u.id, name: fullName(u) })) };
}

/** A thread the caller may read: 404 when there is none, 403 for a thread of two other people. */
async function readableThread(db: DbOrTx, auth: AuthContext, feedbackId: number): Promise<ThreadRow> {
  const [thread] = await db.select().from(feedbacks).where(eq(feedbacks.id, feedbackId));
  if (!thread) throw notFound();
  if (!isParticipant(thread, auth.user.id) && !can(auth.user.role, 'feedback.readAny')) throw forbidden();
  return thread;
}

/** Marks every message of the other participant read by the caller (once per message and reader). */
async function markRead(db: DbOrTx, feedbackId: number, userId: number) {
  await db.execute(sql`
    insert into ${feedbackReads} (message_id, user_id)
    select fm.id, ${userId}::integer from feedback_messages fm
    where fm.feedback_id = ${feedbackId} and fm.sender_id is distinct from ${userId}
    on conflict do nothing`);
}

export async function getFeedbackData(db: Db, auth: AuthContext, feedbackId: number): Promise<FeedbackData> {
  return db.transaction(async (tx) => {
    const thread = await readableThread(tx, auth, feedbackId);
    if (isParticipant(thread, auth.user.id)) await markRead(tx, thread.id, auth.user.id);
    return threadData(tx, thread);
  });
}

/** Starts a thread with its first message; the recipient must be an active user other than the caller. */
export async function createFeedback(db: Db, auth: AuthContext, body: CreateFeedbackBody) {
  if (body.to_user_id === auth.user.id) throw invalidField('to_user_id', 'recipient_is_you');
  const text = cleanMessage(body.message, MIN_NAME_LENGTH);
  return db.transaction(async (tx) => {
    const [recipient] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, body.to_user_id), isNull(users.deleted_at), eq(users.status, true)));
    if (!recipient) throw invalidField('to_user_id', 'recipient_not_found');
    const [thread] = await tx.insert(feedbacks).values({ title: body.title, from_user_id: auth.user.id, to_user_id: recipient.id }).returning();
    const [message] = await tx.insert(feedbackMessages).values({ feedback_id: thread!.id, sender_id: auth.user.id, text }).returning();
    await writeAudit(tx, auth, { action: 'create', entity: 'feedbacks', entityId: thread!.id, after: { title: body.title, to_user_id: recipient.id, message_id: message!.id } });
    const sent: FeedbackMessage = { id: message!.id, text, sender_id: auth.user.id, who_read_messages: [], create_date: message!.created_at.toISOString() };
    return { feedback_id: thread!.id, message: sent, participants: [auth.user.id, recipient.id] };
  });
}

/** A reply of one of the two participants; an admin looking on reads but does not write. */
export async function addFeedbackMessage(db: Db, auth: AuthContext, body: AddFeedbackMessageBody) {
  const text = cleanMessage(body.message, 1);
  return db.transaction(async (tx) => {
    const thread = await readableThread(tx, auth, body.feedback_id);
    if (!isParticipant(thread, auth.user.id)) throw forbidden();
    const [message] = await tx.insert(feedbackMessages).values({ feedback_id: thread.id, sender_id: auth.user.id, text }).returning();
    await tx.update(feedbacks).set({ updated_at: new Date() }).where(eq(feedbacks.id, thread.id));
    await writeAudit(tx, auth, { action: 'add_message', entity: 'feedbacks', entityId: thread.id, after: { message_id: message!.id } });
    await markRead(tx, thread.id, auth.user.id);
    const data = await threadData(tx, thread);
    const sent = data.feedback.messages.find((m) => m.id === message!.id)!;
    const participants = [thread.from_user_id, thread.to_user_id].filter((id): id is number => id !== null);
    return { data, message: sent, participants };
  });
}
