import type { FastifyInstance } from 'fastify';
import { DESIGN_STATUS_EVENT, REVIEW_EVENT, reviews as contract } from '@promo/shared';
import { ok, route } from '../../lib/route';
import { chatMessagesByIds, designParticipants } from '../chat/messages';
import { deliverNotifications } from '../notifications/deliver';
import type { PsdRow } from '../promotion-design/psd-access';
import type { ReviewOutcome } from './progress';
import { decide, designReviews, getDefaultFlow, getFlow, saveDefaultFlow, saveFlow, skip } from './service';

/** Review flows (issue 25, decision 040). */
export async function reviewRoutes(app: FastifyInstance) {
  /** Everyone who sees the design hears of the decision, and of the status it moved. */
  const announce = async (psd: PsdRow, chatId: number, messageNumber: number, outcome: ReviewOutcome, rated: number | null = null) => {
    const to = await designParticipants(app.db, psd.id);
    app.realtime.publish(to, REVIEW_EVENT, { chat_id: chatId, promotion_id: psd.promotion_id, promotion_surface_design_id: psd.id, message_id: messageNumber });
    if (outcome.status) app.realtime.publish(to, DESIGN_STATUS_EVENT, outcome.status);
    // A decision on a sketch is its rating: the chat's mark changes with it (decision 040).
    for (const message of await chatMessagesByIds(app.db, rated === null ? [] : [rated])) app.realtime.publish(to, 'UpdateMessageEvent', { chat_id: chatId, message });
  };

  route(app, contract.flow, async ({ auth, query }) => ok('Review flow', 'review_flow', { flow: await getFlow(app.db, auth, query.promotion_id) }));

  route(app, contract.saveFlow, async ({ auth, body }) => {
    const { flow, outcomes } = await deliverNotifications(app, () => saveFlow(app.db, auth, body.promotion_id, body.stages));
    for (const o of outcomes) if (o.status) app.realtime.publish(await designParticipants(app.db, o.status.promotion_surface_design_id), DESIGN_STATUS_EVENT, o.status);
    return ok('The review flow was saved', 'review_flow_saved', { flow });
  });

  route(app, contract.defaultFlow, async () => ok('Default review flow', 'review_flow', { flow: await getDefaultFlow(app.db) }));

  route(app, contract.saveDefaultFlow, async ({ auth, body }) =>
    ok('The review flow was saved', 'review_flow_saved', { flow: await saveDefaultFlow(app.db, auth, body.stages) }),
  );

  route(app, contract.design, async ({ auth, query }) => ok('Reviews', 'reviews', await designReviews(app.db, auth, query.chat_id)));

  route(app, contract.decide, async ({ auth, body }) => {
    const { review, outcome, psd, rated } = await deliverNotifications(app, () => decide(app.db, auth, body));
    await announce(psd, body.chat_id, body.message_id, outcome, rated);
    return ok('Decision saved', body.decision === 'approve' ? 'review_approved' : 'review_changes_requested', { review });
  });

  route(app, contract.skip, async ({ auth, body }) => {
    const { review, outcome, psd } = await deliverNotifications(app, () => skip(app.db, auth, body));
    await announce(psd, body.chat_id, body.message_id, outcome);
    return ok('Stage skipped', 'review_stage_skipped', { review });
  });
}
