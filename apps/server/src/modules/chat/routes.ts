import type { FastifyInstance } from 'fastify';
import { CHAT_EVENTS, chat as contract } from '@promo/shared';
import { acceptMultipart } from '../../lib/multipart-body';
import { SOCKET_PATH } from '../../lib/realtime';
import { ok, route } from '../../lib/route';
import { deliverNotifications } from '../notifications/deliver';
import { deleteMessage, getChat, markRead, rateSketch, sendMessage, updateMessage } from './service';

export async function chatRoutes(app: FastifyInstance) {
  const services = { db: app.db, storage: app.storage, realtime: app.realtime, preflight: app.preflight };

  // What the client needs to connect: Socket.IO on this same origin and port.
  route(app, contract.realtimeConfig, async () =>
    ok('Real-time', 'realtime', { key: 'socket.io', host: '', path: SOCKET_PATH, events: [...CHAT_EVENTS] }),
  );

  route(app, contract.get, async ({ auth, query }) => ok('Chat', 'chat', await getChat(app.db, auth, query.chat_id)));

  // Form-encoded from the web, multipart from the spec's client: its `url_file` part becomes `file_id`.
  route(
    app,
    contract.send,
    async ({ auth, body }) => {
      const message = await deliverNotifications(app, () => sendMessage(services, auth, body));
      return ok('Message sent', 'message_sent', { message });
    },
    acceptMultipart(app, contract.send.multipart),
  );

  // The spec's edit resends the message's fields; its url_file is then the link, and a file is refused.
  route(
    app,
    contract.update,
    async ({ auth, body }) => ok('Message updated', 'message_updated', { message: await updateMessage(services, auth, body) }),
    acceptMultipart(app, contract.update.multipart),
  );

  route(app, contract.markRead, async ({ auth, body }) => ok('Messages read', 'messages_read', { read: await markRead(services, auth, body.chat_id) }));

  route(app, contract.rate, async ({ auth, body }) =>
    ok('Rating saved', 'rating_saved', { message: await deliverNotifications(app, () => rateSketch(services, auth, body)) }),
  );

  route(app, contract.remove, async ({ auth, query }) => {
    await deleteMessage(services, auth, query.chat_id, query.message_id);
    return ok('Message deleted', 'message_deleted');
  });
}
