import { useQueryClient } from '@tanstack/react-query';
import { NOTIFICATION_EVENT, type NotificationEventPayload } from '@promo/shared';
import { useRealtimeEvent } from '@/lib/realtime';
import { notificationsQuery, type NotificationsData } from './api';

/**
 * Keeps the bell live over the user's channel: a pushed notification goes on top of the list and
 * into the unread count; after a lost connection the list is fetched again (pushes may have been
 * missed meanwhile).
 */
export function useNotificationsLive() {
  const queryClient = useQueryClient();
  useRealtimeEvent<NotificationEventPayload>(
    NOTIFICATION_EVENT,
    (pushed) =>
      queryClient.setQueryData<NotificationsData>(notificationsQuery.queryKey, (d) =>
        !d || d.notifications.some((n) => n.id === pushed.id)
          ? d
          : { notifications: [pushed, ...d.notifications].slice(0, NOTIFICATIONS_SHOWN), unread: d.unread + (pushed.read ? 0 : 1) },
      ),
    () => void queryClient.invalidateQueries({ queryKey: notificationsQuery.queryKey }),
  );
}

/** The server lists the latest 30. */
const NOTIFICATIONS_SHOWN = 30;
