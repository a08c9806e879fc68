import { z } from 'zod';
import { endpoint } from '../endpoint';
import { zIdList } from '../form-values';

export const NOTIFICATION_KINDS = ['notify_admin', 'sent_to_printers', 'printed', 'distributed', 'receipt_problem', 'sketch_approved', 'review_stage_open', 'review_changes_requested', 'file_approved'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export interface NotificationRow {
  id: number;
  kind: NotificationKind;
  promotion_id: number | null;
  promotion_name: string;
  /** Where the notification leads in the web app. */
  link: string;
  read: boolean;
  created_at: string;
}

/** The real-time event on the recipient's channel `chat_user_{id}` when a notification is stored for it. */
export const NOTIFICATION_EVENT = 'NotificationEvent';
export type NotificationEvent = typeof NOTIFICATION_EVENT;
export type NotificationEventPayload = NotificationRow;

export const notificationsApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/notifications',
    access: 'authenticated',
    summary: "The caller's notifications, newest first",
    example: {},
  }),
  /** ids: the ones to mark read; an empty list marks all. */
  markRead: endpoint({
    method: 'POST',
    path: '/api/notifications/read',
    access: 'authenticated',
    body: z.object({ ids: zIdList }),
    summary: 'Mark notifications read (an empty list marks all)',
    example: { body: { ids: [118, 121] } },
  }),
};
