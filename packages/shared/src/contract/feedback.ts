import { z } from 'zod';
import { MAX_PAGE_SIZE, MIN_NAME_LENGTH, type Role } from '../constants';
import { endpoint } from '../endpoint';
import { zId, zInt } from '../form-values';
import { textField } from '../validation';

/**
 * Feedback threads (spec 001 §2.15, §7 Settings and feedback): every signed-in user writes to
 * another user; the thread's two participants read and write it, admins read every thread.
 */

/** The list preview: this many characters of the newest message's plain text. */
export const FEEDBACK_PREVIEW_LENGTH = 200;
/** The reply editor's height in pixels (spec 001 §9). */
export const FEEDBACK_EDITOR_HEIGHT = 200;
/** The longest message accepted, as HTML (before sanitizing). */
export const MAX_FEEDBACK_HTML = 50_000;
export const FEEDBACK_PAGE_SIZE = 10;

/** The only HTML a message keeps: sanitize-html on the server and DOMPurify in the browser use it. */
export const FEEDBACK_ALLOWED_TAGS = ['p', 'br', 'strong', 'em', 'u', 's', 'ul', 'ol', 'li', 'blockquote', 'code', 'pre', 'a', 'h1', 'h2', 'h3'] as const;
/** Attributes kept on links; rel and target are forced to these values. */
export const FEEDBACK_LINK_ATTRIBUTES = ['href', 'rel', 'target'] as const;
export const FEEDBACK_LINK_SCHEMES = ['http', 'https', 'mailto'] as const;
export const FEEDBACK_LINK_REL = 'noopener noreferrer nofollow';
export const FEEDBACK_LINK_TARGET = '_blank';

/** The real-time event on the participants' channel `chat_user_{id}` when a message arrives. */
export const FEEDBACK_MESSAGE_EVENT = 'FeedbackMessageEvent';
export type FeedbackEvent = typeof FEEDBACK_MESSAGE_EVENT;

const NAMED_ENTITIES: Record<string, string> = { nbsp: '\u00a0', amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const ENTITY = /&(#\d{1,7}|#x[0-9a-f]{1,6}|[a-z][a-z0-9]{1,31});/gi;

function decodeEntity(_: string, body: string): string {
  if (body[0] === '#') {
    const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ' ';
  }
  return NAMED_ENTITIES[body.toLowerCase()] ?? ' ';
}

/** Elements whose content is never text: dropped with what they hold. */
const NON_TEXT = /<(script|style|textarea|noscript|template|title)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
/** Tags after which words must not run together. */
const BREAKS = /<\/?(p|br|li|ul|ol|h[1-6]|blockquote|pre|div|tr|td|th)\b[^>]*>/gi;

/** The plain text of a message: tags removed, entities decoded, whitespace collapsed. */
export function richTextToPlain(html: string): string {
  return html
    .replace(NON_TEXT, ' ')
    .replace(BREAKS, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/</g, '')
    .replace(ENTITY, decodeEntity)
    .replace(/\s+/g, ' ')
    .trim();
}

/** True when something remains after removing HTML tags, entities and whitespace (spec 001 §5). */
export function hasRichText(html: string): boolean {
  return html.replace(NON_TEXT, '').replace(/<[^>]*>/g, '').replace(ENTITY, '').replace(/\s+/g, '') !== '';
}

/** The list preview: the first 200 characters of the plain text. */
export const feedbackPreview = (html: string) => Array.from(richTextToPlain(html)).slice(0, FEEDBACK_PREVIEW_LENGTH).join('');

const htmlText = z.preprocess((v) => v ?? '', z.string({ error: 'required_field' }).max(MAX_FEEDBACK_HTML, 'max_length'));

/** A new thread's message: required, at least 2 characters of text. */
export const feedbackMessageField = htmlText.superRefine((html, ctx) => {
  if (!hasRichText(html)) ctx.addIssue({ code: 'custom', message: 'required_field' });
  else if (Array.from(richTextToPlain(html)).length < MIN_NAME_LENGTH) ctx.addIssue({ code: 'custom', message: 'min_2_chars' });
});

/** A reply: sent only when text remains after removing tags, entities and whitespace. */
export const feedbackReplyField = htmlText.superRefine((html, ctx) => {
  if (!hasRichText(html)) ctx.addIssue({ code: 'custom', message: 'required_field' });
});

const zRecipient = z.preprocess(
  (v) => (v === '' || v === null ? undefined : typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v.trim()) : v),
  z
    .number({ error: (issue) => (issue.input === undefined ? 'required_field' : 'recipient_not_found') })
    .int('recipient_not_found')
    .min(1, 'recipient_not_found')
    .max(2_147_483_647, 'recipient_not_found'),
);

export const createFeedbackBody = z.object({
  title: textField,
  to_user_id: zRecipient,
  message: feedbackMessageField,
});
export type CreateFeedbackBody = z.infer<typeof createFeedbackBody>;

/** feedback_id: digits only (spec 001 §5). */
export const feedbackIdQuery = z.object({ feedback_id: zId });

export const addFeedbackMessageBody = z.object({
  feedback_id: zId,
  message: feedbackReplyField,
});
export type AddFeedbackMessageBody = z.infer<typeof addFeedbackMessageBody>;

export const feedbackListQuery = z.object({
  count_show: zInt({ min: 1, max: MAX_PAGE_SIZE }).default(FEEDBACK_PAGE_SIZE),
  start_index: zInt({ min: 0, max: 10_000_000 }).default(0),
});
export type FeedbackListQuery = z.infer<typeof feedbackListQuery>;

export interface FeedbackUser {
  id: number;
  name: string;
  roles: { name: Role }[];
}

export interface FeedbackMessage {
  id: number;
  /** Sanitized HTML. */
  text: string;
  sender_id: number | null;
  /** Ids of the users who have read the message. */
  who_read_messages: number[];
  create_date: string;
}

export interface Feedback {
  id: number;
  title: string;
  from_user: FeedbackUser | null;
  to_user: FeedbackUser | null;
  messages: FeedbackMessage[];
  create_date: string;
}

export interface FeedbackListItem {
  id: number;
  title: string;
  from_user: FeedbackUser | null;
  to_user: FeedbackUser | null;
  /** The newest message's plain text, at most 200 characters. */
  preview: string;
  /** The newest message's time (the thread's when it has none). */
  last_message_date: string;
  last_sender_id: number | null;
  /** The caller has a message of the other participant it has not read. */
  unread: boolean;
  create_date: string;
}

export interface FeedbackListData {
  feedbacks: FeedbackListItem[];
  total: number;
}

export interface FeedbackUserOption {
  id: number;
  name: string;
}

export interface FeedbackData {
  feedback: Feedback;
  /** The people the thread names (participants and senders), for the senders' names. */
  users: FeedbackUserOption[];
}

export interface FeedbackEventPayload {
  feedback_id: number;
  message: FeedbackMessage;
}

export const feedback = {
  list: endpoint({
    method: 'GET',
    path: '/api/feedback-messages',
    access: 'authenticated',
    query: feedbackListQuery,
    summary: "The caller's feedback threads (an admin: every thread), newest first, a page at a time",
    example: { query: { count_show: 10, start_index: 0 } },
  }),
  initialization: endpoint({
    method: 'GET',
    path: '/api/feedback-messages/get-initialization-data',
    access: 'authenticated',
    summary: 'The users the caller may write to',
    example: {},
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/feedback-messages',
    access: 'authenticated',
    body: createFeedbackBody,
    answer: 'created',
    summary: 'Start a feedback thread with another user',
    example: {
      body: { title: 'Feil pris på plakaten', to_user_id: 1, message: '<p>Plakaten ved inngangen sier 39 kr, kassen tar 45 kr for påskeegget.</p>' },
    },
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/feedback-messages/get-feedback-data',
    access: 'authenticated',
    query: feedbackIdQuery,
    summary: 'A feedback thread with its messages (the caller reads them)',
    example: { query: { feedback_id: 9 } },
  }),
  addMessage: endpoint({
    method: 'POST',
    path: '/api/feedback-messages/add-message',
    access: 'authenticated',
    body: addFeedbackMessageBody,
    summary: 'Reply in a feedback thread',
    example: { body: { feedback_id: 9, message: '<p>Takk! Ny plakat kommer med neste levering.</p>' } },
  }),
};
