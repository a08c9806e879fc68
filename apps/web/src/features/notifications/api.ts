import { queryOptions } from '@tanstack/react-query';
import { notificationsApi, type NotificationRow } from '@promo/shared';
import { call } from '@/lib/api-client';

export interface NotificationsData {
  notifications: NotificationRow[];
  unread: number;
}

/**
 * New notifications are pushed over the socket (use-notifications-live.ts), so the list is not
 * polled: it is fetched on opening, on returning to the window and after a reconnect. A
 * notification marked read in another tab shows as read there on the next focus.
 */
export const notificationsQuery = queryOptions({
  queryKey: ['notifications'],
  queryFn: async ({ signal }) => (await call<NotificationsData>(notificationsApi.list, {}, { silent: true, signal })).data,
  refetchOnWindowFocus: true,
});

/** Marks the given notifications read, or all when the list is empty. */
export const markNotificationsRead = (ids: number[]) => call(notificationsApi.markRead, { body: { ids } }, { silent: true });
