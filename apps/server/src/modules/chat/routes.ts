import type { FastifyInstance } from 'fastify';
import { CHAT_EVENTS, chat as contract, type RatingEffect } from '@promo/shared';
import { acceptMultipart } from '../../lib/multipart-body';
import { SOCKET_PATH } from '../../lib/realtime';
import { ok, route } from '../../lib/route';
import { deliverNotifications } from '../notifications/deliver';
import { deleteMessage, getChat, markRead, rateSketch, sendMessage, updateMessage } from './service';

const RATING_MESSAGES: Record<RatingEffect, [string, string]> = {
  status: ['Rating saved', 'rating_saved'],
  decision: ['Rating saved as your decision in the review', 'rating_decided'],
  reaction: ['Rating saved. It is only a reaction: the review stage is unchanged', 'rating_reaction_only'],
};

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

  // The answer says what the rating did (decision 040): moved the status, decided in the review, or only changed the mark.
  route(app, contract.rate, async ({ auth, body }) => {
    const answer = await deliverNotifications(app, () => rateSketch(services, auth, body));
    const [message, key] = RATING_MESSAGES[answer.effect];
    return ok(message, key, answer);
  });

  route(app, contract.remove, async ({ auth, query }) => {
    await deleteMessage(services, auth, query.chat_id, query.message_id);
    return ok('Message deleted', 'message_deleted');
  });
}
