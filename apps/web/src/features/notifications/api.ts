import { queryOptions } from '@tanstack/react-query';
import { notificationsApi, type NotificationRow } from '@promo/shared';
import { call } from '@/lib/api-client';

export const notificationsQuery = queryOptions({
  queryKey: ['notifications'],
  queryFn: async ({ signal }) => (await call<{ notifications: NotificationRow[]; unread: number }>(notificationsApi.list, {}, { silent: true, signal })).data,
  refetchInterval: 60_000,
  refetchOnWindowFocus: true,
});

/** Marks the given notifications read, or all when the list is empty. */
export const markNotificationsRead = (ids: number[]) => call(notificationsApi.markRead, { body: { ids } }, { silent: true });
