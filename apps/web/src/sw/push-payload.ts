export interface PushNotification {
  title: string;
  body: string;
  link: string;
  tag?: string;
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * The notification a push message shows. The server sends JSON {"title", "body", "link", "tag"};
 * a message that is not that still shows something rather than nothing (Chrome would show its own
 * "updated in the background" text for a push without a notification).
 */
export function notificationOf(data: string | undefined): PushNotification {
  let parsed: Record<string, unknown> = {};
  try {
    const value: unknown = data ? JSON.parse(data) : {};
    if (value && typeof value === 'object') parsed = value as Record<string, unknown>;
  } catch {
    parsed = { body: data };
  }
  const link = text(parsed.link);
  return {
    title: text(parsed.title) || 'Promo Print',
    body: text(parsed.body),
    link: link.startsWith('/') && !link.startsWith('//') ? link : '/',
    ...(text(parsed.tag) ? { tag: text(parsed.tag) } : {}),
  };
}
