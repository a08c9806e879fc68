import type { FastifyInstance } from 'fastify';
import { feedback as contract, FEEDBACK_MESSAGE_EVENT } from '@promo/shared';
import { ok, route } from '../../lib/route';
import { addFeedbackMessage, createFeedback, feedbackRecipients, getFeedbackData, listFeedbacks } from './service';

/** Feedback threads (spec 001 §2.15, §7): every signed-in user; object rules in the service. */
export async function feedbackRoutes(app: FastifyInstance) {
  route(app, contract.list, async ({ auth, query }) => ok('Feedbacks', 'feedbacks_list', await listFeedbacks(app.db, auth, query)));

  route(app, contract.initialization, async ({ auth }) => ok('Users', 'feedback_users', { users: await feedbackRecipients(app.db, auth) }));

  route(app, contract.create, async ({ auth, body }) => {
    const created = await createFeedback(app.db, auth, body);
    // Both participants: the recipient's list shows the new thread, the sender's other tabs too.
    app.realtime.publish(created.participants, FEEDBACK_MESSAGE_EVENT, { feedback_id: created.feedback_id, message: created.message });
    return ok('The feedback was sent', 'feedback_created', { id: created.feedback_id });
  });

  route(app, contract.get, async ({ auth, query }) => ok('Feedback', 'feedback', await getFeedbackData(app.db, auth, query.feedback_id)));

  route(app, contract.addMessage, async ({ auth, body }) => {
    const added = await addFeedbackMessage(app.db, auth, body);
    app.realtime.publish(added.participants, FEEDBACK_MESSAGE_EVENT, { feedback_id: body.feedback_id, message: added.message });
    return ok('The message was added', 'feedback_message_added', added.data);
  });
}
