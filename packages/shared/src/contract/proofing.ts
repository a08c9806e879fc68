import { z } from 'zod';
import { endpoint } from '../endpoint';
import { zId, zIdParam } from '../form-values';
import type { ChatFileType } from './chat';
import type { UrlImages } from './surfaces';

/*
 * Proofing on the design page (issue 14, decision 017): numbered pins on a file of the chat, the
 * versions of each kind of file, and what the print preflight found in an HQ file.
 */

export const PIN_STATUSES = ['open', 'resolved'] as const;
export type PinStatus = (typeof PIN_STATUSES)[number];
/** The real-time event of a pin placed, answered, resolved or reopened, on the chat's channels. */
export const PIN_EVENT = 'PinEvent';
export const PIN_TEXT_MAX = 2000;

export interface PinReply {
  id: number;
  text: string;
  author_id: number | null;
  author_name: string;
  create_date: string;
}

export interface FilePin {
  id: number;
  chat_id: number;
  /** The chat message (the file version) the pin sits on: its number in the chat. */
  message_id: number;
  /** The pin's number on its file: 1, 2, 3 ... */
  number: number;
  /** Fractions (0–1) of the image's (or the PDF's first page's) width and height. */
  x: number;
  y: number;
  /** An area's size in the same fractions; null for a point. */
  width: number | null;
  height: number | null;
  text: string;
  status: PinStatus;
  author_id: number | null;
  author_name: string;
  resolved_by_name: string | null;
  resolved_at: string | null;
  create_date: string;
  replies: PinReply[];
}

export interface PinEventPayload {
  chat_id: number;
  pin: FilePin;
}

/** One check of the print preflight, with what it measured (centimetres, dpi, pages ...). */
export interface PreflightCheck {
  /** A key under `preflight.checks` in the locale files. */
  check: string;
  level: 'ok' | 'warning' | 'error';
  /** The values the check's text shows, e.g. { dpi: 96, min: 150 }. */
  values: Record<string, string | number>;
}

export const PREFLIGHT_STATUSES = ['pending', 'ok', 'warnings', 'errors', 'failed'] as const;
export type PreflightStatus = (typeof PREFLIGHT_STATUSES)[number];

export interface Preflight {
  status: PreflightStatus;
  checks: PreflightCheck[];
  /** The surface size the file was checked against, with its unit ('H50 x W70 cm'). */
  surface_size: string;
}

/** One file of the design's chat as a version of its kind: the Sketches, the HQ images, ... */
export interface FileVersion {
  /** The chat message's id and its number in the chat. */
  id: number;
  message_id: number;
  type_file: Exclude<ChatFileType, ''>;
  type_extension: 'image' | 'document';
  /** 1 for the first file of its type (image or document alike), then 2, 3 ... (decision 030) */
  version: number;
  /** The live file of its type: one at most. */
  current: boolean;
  file_name: string;
  file_size: string;
  create_date: string;
  sender_name: string;
  url_images: UrlImages | null;
  url_file: string;
  preflight: Preflight | null;
  open_pins: number;
}

/** A fraction of the file's width or height, 0–1, as the form sends it. */
const zFraction = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v)) ? Number(v) : v),
  z.number().min(0, 'between_0_and_1').max(1, 'between_0_and_1'),
);
const optionalFraction = z.preprocess((v) => (v === '' || v === null ? undefined : v), zFraction.optional());
const pinText = z.preprocess((v) => v ?? '', z.string().trim().min(1, 'required_field').max(PIN_TEXT_MAX, 'max_length'));
const chatQuery = z.object({ chat_id: zId });

export const newPinBody = z
  .object({
    chat_id: zId,
    /** The chat message's number (as the chat's other calls name messages). */
    message_id: zId,
    x: zFraction,
    y: zFraction,
    width: optionalFraction,
    height: optionalFraction,
    text: pinText,
  })
  .refine((b) => (b.width === undefined) === (b.height === undefined), { path: ['width'], message: 'area_needs_width_and_height' })
  // Half an area is the refine above's error only.
  .refine((b) => b.width === undefined || b.height === undefined || (b.width > 0 && b.height > 0 && b.x + b.width <= 1 && b.y + b.height <= 1), {
    path: ['width'],
    message: 'area_outside_file',
  });

export const proofing = {
  pins: endpoint({
    method: 'GET',
    path: '/api/design-chat/pins',
    access: 'promotions.view',
    query: chatQuery,
    summary: "Every pin of a design's chat, on every file version, with its replies",
    example: { query: { chat_id: 88 } },
  }),
  addPin: endpoint({
    method: 'POST',
    path: '/api/design-chat/pins',
    access: 'promotions.view',
    body: newPinBody,
    answer: 'created',
    summary: 'Place a numbered pin on a point (x, y) or an area (and width, height) of a chat file',
    example: { body: { chat_id: 88, message_id: 14, x: 0.42, y: 0.31, text: 'Prisen må stå større, minst like høy som logoen.' } },
  }),
  replyToPin: endpoint({
    method: 'POST',
    path: '/api/design-chat/pins/{id}/replies',
    access: 'promotions.view',
    params: zIdParam,
    body: z.object({ text: pinText }),
    answer: 'created',
    summary: 'Answer a pin',
    example: { params: { id: 7 }, body: { text: 'Rettet i versjon 3.' } },
  }),
  setPinStatus: endpoint({
    method: 'POST',
    path: '/api/design-chat/pins/{id}/status',
    access: 'promotions.view',
    params: zIdParam,
    body: z.object({ status: z.enum(PIN_STATUSES, 'invalid_status') }),
    summary: 'Resolve a pin, or reopen it',
    example: { params: { id: 7 }, body: { status: 'resolved' } },
  }),
  versions: endpoint({
    method: 'GET',
    path: '/api/design-chat/versions',
    access: 'promotions.view',
    query: chatQuery,
    summary: "The versions of each type of file (Sketch, HQ, LQ) in a design's chat, with preflight and open pins",
    example: { query: { chat_id: 88 } },
  }),
};
