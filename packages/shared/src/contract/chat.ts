import { z } from 'zod';
import { endpoint } from '../endpoint';
import { zId, zInt } from '../form-values';
import type { Preflight } from './proofing';
import { REVIEW_COMMENT_MAX } from './reviews';
import type { UrlImages } from './surfaces';

/** File types a chat attachment can carry (spec 001 §9); '' is a plain attachment. */
export const CHAT_FILE_TYPES = ['Sketch', 'HQ', 'LQ'] as const;
export type ChatFileType = (typeof CHAT_FILE_TYPES)[number] | '';
/** HQ and LQ files are refused while a design is in one of these statuses. */
export const NO_PRINT_FILE_STATUSES = ['Created', 'Brief'] as const;
/** Sketch ratings: 1 reaction set, 2 cancelled, 3 approved. */
export const SKETCH_RATINGS = [1, 2, 3] as const;
/**
 * What a rating did (decision 040): `status` moved the design itself (a promotion without review
 * stages, decision 030); `decision` was the rater's decision in the open stage; `reaction` changed
 * only the sketch's rating mark, the review stage is unchanged.
 */
export const RATING_EFFECTS = ['status', 'decision', 'reaction'] as const;
export type RatingEffect = (typeof RATING_EFFECTS)[number];
/** The answer of a rating. */
export interface RatingAnswer {
  message: ChatMessage;
  effect: RatingEffect;
  /** The stage the sketch waits in when the rating was only a reaction; null when none is open. */
  review_stage: string | null;
}
/** The real-time events a participant's channel carries. */
export const CHAT_EVENTS = ['AddNewMessageEvent', 'UpdateMessageEvent', 'WhoReadEvent'] as const;
export type ChatEvent = (typeof CHAT_EVENTS)[number];
export const chatChannel = (userId: number) => `chat_user_${userId}`;

export interface ChatMessage {
  id: number;
  chat_id: number;
  message_id: number;
  text: string;
  url_images: UrlImages | null;
  url_file: string | null;
  file_name: string;
  /** Like '1.20 Mb'. */
  file_size: string;
  type_extension: 'image' | 'document' | '';
  type_file: ChatFileType;
  comment_mess_id: number | null;
  update_message: boolean;
  delete_message: boolean;
  /**
   * A Sketch, HQ or LQ file replaced by a newer version of its type (decision 030): removed from the
   * chat's view like a deleted message (delete_message), yet it keeps its text, file name and type.
   */
  replaced: boolean;
  who_read_messages: number[];
  sender_id: number | null;
  sender_name: string;
  rating_file: number | null;
  create_date: string;
  /** What the print preflight found in a live HQ file ('pending' until checked); null for other messages. */
  preflight: Preflight | null;
  /**
   * An HQ file generated from price signs (decision 043): the template version and how many signs;
   * null for every other message. The web labels it from its locale files.
   */
  generated: { template_version: number; signs: number } | null;
}

export interface ChatData {
  chat: {
    id: number;
    promotion_surface_design_id: number;
    design_status: string;
    /** Sent to printers: HQ files cannot be sent, replaced or removed (decision 011). */
    print_files_fixed: boolean;
    messages: ChatMessage[];
  };
}

/** The payload of every real-time event. */
export interface ChatEventPayload {
  chat_id: number;
  message: ChatMessage;
}

const chatId = z.object({ chat_id: zId });
const optionalInt = z.preprocess((v) => (v === '' || v === null ? undefined : v), zId.optional());

/** The renditions of a chat image (spec 001 §9): the server always makes all three. */
export const CHAT_IMAGE_SIZES = ['original', 'w_500', 'w_200'] as const;

/**
 * A new message, form-encoded (the web) or multipart (spec 001 §7): there the `url_file` part is
 * streamed through the upload step and arrives here as `file_id`; the spec's other fields
 * (message_id, file_name, file_size, type_extension, update_message) describe what the server
 * works out itself and are not read.
 */
export const newMessageBody = chatId.extend({
  text: z.preprocess((v) => v ?? '', z.string().max(10_000, 'max_length')),
  /** A file from the shared upload step (the UI streams it there first). */
  file_id: optionalInt,
  type_file: z.preprocess((v) => v ?? '', z.union([z.literal(''), z.enum(CHAT_FILE_TYPES)])),
  comment_mess_id: optionalInt,
  make_size: z
    .preprocess((v) => (v === '' || v === undefined ? undefined : Array.isArray(v) ? v : typeof v === 'object' && v ? Object.values(v) : [v]), z.array(z.enum(CHAT_IMAGE_SIZES)).max(3))
    .optional(),
});

export const chat = {
  /** Every signed-in user: the chat and the feedback threads both use the per-user channel. */
  realtimeConfig: endpoint({
    method: 'GET',
    path: '/api/web-socket/get-reverb-data',
    access: 'authenticated',
    summary: 'How to connect to the real-time socket (Socket.IO on this origin) and its events',
    example: {},
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/design-chat',
    access: 'promotions.view',
    query: chatId,
    summary: "A surface-design's chat with its messages",
    example: { query: { chat_id: 88 } },
  }),
  send: endpoint({
    method: 'POST',
    path: '/api/design-chat',
    access: 'promotions.view',
    body: newMessageBody,
    multipart: { url_file: 'file_id' },
    answer: 'created',
    summary: 'Send a message, with a file from the upload step (file_id) or a multipart part url_file',
    example: { body: { chat_id: 88, text: 'Ny skisse med større pris, se vedlegget.', file_id: 316, type_file: 'Sketch' } },
  }),
  /** Also multipart with the fields of a new message (spec 001 §7); only the text changes. */
  update: endpoint({
    method: 'POST',
    path: '/api/design-chat/update-message',
    access: 'promotions.view',
    body: chatId.extend({ message_id: zId, text: z.preprocess((v) => v ?? '', z.string().max(10_000, 'max_length')) }),
    multipart: {},
    summary: "Change the text of one's own message",
    example: { body: { chat_id: 88, message_id: 14, text: 'Ny skisse med større pris og Trumf-logo, se vedlegget.' } },
  }),
  markRead: endpoint({
    method: 'POST',
    path: '/api/design-chat/set-read-status-messages',
    access: 'promotions.view',
    body: chatId,
    summary: "Mark the chat's messages read by the caller",
    example: { body: { chat_id: 88 } },
  }),
  rate: endpoint({
    method: 'POST',
    path: '/api/design-chat/update-switch-rating-image',
    access: 'chat.rate',
    body: chatId.extend({
      message_id: zId,
      rating: zInt({ min: 1, max: 3 }),
      /** Required when the rating is the rater's change request in the review flow (2 by a reviewer of the open stage, decision 040). */
      comment: z.preprocess((v) => v ?? '', z.string().trim().max(REVIEW_COMMENT_MAX, 'max_length')),
    }),
    summary: "Rate a sketch: 1 reaction set, 2 cancelled, 3 approved; by a reviewer of the open stage, 3 approves and 2 requests changes (with a comment)",
    example: { body: { chat_id: 88, message_id: 14, rating: 2, comment: 'Prisen må stå større.' } },
  }),
  remove: endpoint({
    method: 'GET',
    path: '/api/design-chat/delete-message',
    access: 'promotions.view',
    query: chatId.extend({ message_id: zId }),
    summary: "Delete one's own message",
    example: { query: { chat_id: 88, message_id: 14 } },
  }),
};

/** Tables whose files download-file serves: a chat's message (by chat id) or a brief file (by design id). */
export const DOWNLOAD_TABLES = ['design_chats', 'promotion_surface_designs'] as const;
const downloadQuery = z.object({ table_name: z.enum(DOWNLOAD_TABLES), table_id: zId, message_id: zId });
/** Above this size download-file refuses base64 and the UI streams instead. */
export const BASE64_DOWNLOAD_LIMIT = 8 * 1024 * 1024;

export const downloads = {
  /** The specification's JSON download: { success, file (base64), contentType, fileName }. */
  base64: endpoint({
    method: 'GET',
    path: '/api/files/download-file',
    access: 'promotions.view',
    query: downloadQuery,
    answer: 'base64-file',
    summary: 'A chat or brief file as base64 in JSON (files up to 8 MB)',
    example: { query: { table_name: 'design_chats', table_id: 88, message_id: 14 } },
  }),
  /** The same file streamed as an attachment; a plain link, so the cookie signs it. */
  stream: endpoint({
    method: 'GET',
    path: '/api/files/download-stream',
    access: 'promotions.view',
    query: downloadQuery,
    cookieAuth: true,
    answer: 'file',
    summary: 'A chat or brief file, streamed as an attachment',
    example: { query: { table_name: 'design_chats', table_id: 88, message_id: 14 } },
  }),
};
