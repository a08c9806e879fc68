import { and, asc, count, countDistinct, eq, exists, inArray, isNotNull, isNull, ne, notExists, or, sql, type SQL } from 'drizzle-orm';
import { deadlineOf, deadlineState, osloDay, type Milestone, type Role, type WaitingItem, type WaitingKind } from '@promo/shared';
import type { DbOrTx } from '../../db/client';
import {
  categories,
  chatMessages,
  chats,
  designs,
  distributorParcelItems,
  fileReviews,
  distributorParcels,
  placementPhotos,
  plannerAmounts,
  printedParcelItems,
  printReportAmounts,
  printReports,
  promotions,
  promotionSurfaceDesigns,
  surfaces,
  userCategories,
  users,
} from '../../db/schema';
import { namedDistributorId } from '../../lib/named-distributor';
import { receivesSql } from '../company/station';
import { LOCKED_FOR_USERS } from '../company/planner';
import { milestonesOf } from '../promotions/milestones';
import { versionsToReview } from '../reviews/waiting';

/** Who asks: the id and role of the session's user (a digest run passes each user the same way). */
export interface Asker {
  id: number;
  role: Role;
}

/** The milestone each kind of work is measured against (decision 018). */
const MILESTONE_OF: Record<WaitingKind, Milestone> = {
  brief_to_send: 'brief',
  design_to_start: 'designs_complete',
  design_to_answer: 'designs_complete',
  sketch_to_rate: 'designs_complete',
  design_to_complete: 'designs_complete',
  promotion_to_send: 'sent_to_printers',
  amounts_to_enter: 'sent_to_printers',
  pairs_to_print: 'printed',
  parcels_to_send: 'delivered',
  delivery_to_confirm: 'delivered',
  placement_to_photograph: 'delivered',
  review_to_decide: 'designs_complete',
};

/** `due`: a day of its own (a review stage's, decision 040) instead of the kind's milestone. */
type Found = Omit<WaitingItem, 'deadline'> & { due?: { milestone: Milestone; due_on: string } | null };

/** promotions.id written with its table: drizzle leaves the table out in a one-table select, where a subquery would read it as its own id. */
const promotionId = sql.raw('"promotions"."id"');
const notSent = notExists(sql`(select 1 from ${printReports} where ${printReports.promotion_id} = ${promotionId})`);
const sent = exists(sql`(select 1 from ${printReports} where ${printReports.promotion_id} = ${promotionId})`);
/** The design page of a promotion surface design (spec 001 §2.4): where its work is done. */
export const designLink = (p: { promotion_id: number; surface_id: number; psd_id: number }) =>
  `/promotion-design?prom_id=${p.promotion_id}&sur_id=${p.surface_id}&prom_sur_des_id=${p.psd_id}`;

/** Designs of not-sent promotions in the given statuses, in the cm's categories when scoped. */
async function designsIn(db: DbOrTx, statuses: string[], where: SQL | undefined) {
  return db
    .select({
      psd_id: promotionSurfaceDesigns.id,
      promotion_id: promotions.id,
      promotion_name: promotions.name,
      surface_id: surfaces.id,
      status: promotionSurfaceDesigns.status,
      subject: sql<string>`${designs.name} || ' · ' || ${surfaces.name}`,
    })
    .from(promotionSurfaceDesigns)
    .innerJoin(promotions, eq(promotions.id, promotionSurfaceDesigns.promotion_id))
    .innerJoin(designs, eq(designs.id, promotionSurfaceDesigns.design_id))
    .innerJoin(surfaces, eq(surfaces.id, promotionSurfaceDesigns.surface_id))
    .where(and(inArray(promotionSurfaceDesigns.status, statuses), notSent, where))
    .orderBy(asc(promotions.id), asc(promotionSurfaceDesigns.id));
}

async function designerWork(db: DbOrTx, me: Asker): Promise<Found[]> {
  const rows = await designsIn(db, ['Brief', 'Correction'], or(eq(promotionSurfaceDesigns.designer_id, me.id), isNull(promotionSurfaceDesigns.designer_id)));
  return rows.map((r) => ({
    kind: r.status === 'Brief' ? 'design_to_start' : 'design_to_answer',
    promotion: { id: r.promotion_id, name: r.promotion_name },
    subject: r.subject,
    count: 1,
    link: designLink(r),
  }));
}

async function managerWork(db: DbOrTx, me: Asker): Promise<Found[]> {
  // A cm only its own categories; a cm-admin all of them.
  const scope = me.role === 'cm' ? exists(sql`(select 1 from ${categories} where ${categories.id} = ${designs.category_id} and ${categories.manager_id} = ${me.id})`) : undefined;
  const [own, sketches] = await Promise.all([
    designsIn(db, ['Created', 'Approved'], scope),
    db
      .select({
        psd_id: promotionSurfaceDesigns.id,
        promotion_id: promotions.id,
        promotion_name: promotions.name,
        surface_id: surfaces.id,
        subject: sql<string>`${designs.name} || ' · ' || ${surfaces.name}`,
        n: count(chatMessages.id),
      })
      .from(chatMessages)
      .innerJoin(chats, eq(chats.id, chatMessages.chat_id))
      .innerJoin(promotionSurfaceDesigns, eq(promotionSurfaceDesigns.id, chats.psd_id))
      .innerJoin(promotions, eq(promotions.id, promotionSurfaceDesigns.promotion_id))
      .innerJoin(designs, eq(designs.id, promotionSurfaceDesigns.design_id))
      .innerJoin(surfaces, eq(surfaces.id, promotionSurfaceDesigns.surface_id))
      .where(
        and(
          eq(chatMessages.type_file, 'Sketch'),
          isNull(chatMessages.rating_file),
          // A sketch in a review flow waits as review_to_decide, for its stage's reviewers (decision 040).
          notExists(sql`(select 1 from ${fileReviews} where ${fileReviews.message_id} = ${chatMessages.id})`),
          eq(chatMessages.delete_message, false),
          isNull(chatMessages.replaced_by_id),
          inArray(promotionSurfaceDesigns.status, ['Brief', 'Correction']),
          notSent,
          scope,
        ),
      )
      .groupBy(promotionSurfaceDesigns.id, promotions.id, promotions.name, surfaces.id, designs.name, surfaces.name)
      .orderBy(asc(promotions.id), asc(promotionSurfaceDesigns.id)),
  ]);
  return [
    ...own.map((r) => ({
      kind: (r.status === 'Created' ? 'brief_to_send' : 'design_to_complete') as WaitingKind,
      promotion: { id: r.promotion_id, name: r.promotion_name },
      subject: r.subject,
      count: 1,
      link: designLink(r),
    })),
    ...sketches.map((r) => ({
      kind: 'sketch_to_rate' as const,
      promotion: { id: r.promotion_id, name: r.promotion_name },
      subject: r.subject,
      count: Number(r.n),
      link: designLink(r),
    })),
  ];
}

/** Every design Completed (what sending to the printers asks) and not sent yet. */
async function promotionsToSend(db: DbOrTx): Promise<Found[]> {
  const rows = await db
    .select({ id: promotions.id, name: promotions.name })
    .from(promotions)
    .where(
      and(
        notSent,
        exists(sql`(select 1 from ${promotionSurfaceDesigns} where ${promotionSurfaceDesigns.promotion_id} = ${promotionId})`),
        notExists(sql`(select 1 from ${promotionSurfaceDesigns} where ${promotionSurfaceDesigns.promotion_id} = ${promotionId} and ${promotionSurfaceDesigns.status} <> 'Completed')`),
      ),
    )
    .orderBy(asc(promotions.id));
  return rows.map((r) => ({ kind: 'promotion_to_send', promotion: r, subject: null, count: 1, link: `/promotion-report-view?prom_id=${r.id}` }));
}

/** The printer's pairs with an amount that no printed parcel holds yet. */
async function pairsToPrint(db: DbOrTx, me: Asker): Promise<Found[]> {
  const rows = await db
    .select({ id: promotions.id, name: promotions.name, n: countDistinct(promotionSurfaceDesigns.id) })
    .from(printReportAmounts)
    .innerJoin(promotionSurfaceDesigns, eq(promotionSurfaceDesigns.id, printReportAmounts.psd_id))
    .innerJoin(surfaces, eq(surfaces.id, promotionSurfaceDesigns.surface_id))
    .innerJoin(promotions, eq(promotions.id, printReportAmounts.promotion_id))
    .where(
      and(
        eq(surfaces.printer_id, me.id),
        sent,
        notExists(sql`(select 1 from ${printedParcelItems} where ${printedParcelItems.psd_id} = ${promotionSurfaceDesigns.id})`),
      ),
    )
    .groupBy(promotions.id, promotions.name)
    .orderBy(asc(promotions.id));
  return rows.map((r) => ({
    kind: 'pairs_to_print',
    promotion: { id: r.id, name: r.name },
    subject: null,
    count: Number(r.n),
    link: `/print-promotion-report?prom_id=${r.id}`,
  }));
}

/** Stations still due a printed pair that no distributor parcel has brought them. */
async function parcelsToSend(db: DbOrTx): Promise<Found[]> {
  const rows = await db
    .select({ id: promotions.id, name: promotions.name, n: countDistinct(printReportAmounts.station_id) })
    .from(printReportAmounts)
    .innerJoin(promotions, eq(promotions.id, printReportAmounts.promotion_id))
    .innerJoin(users, eq(users.id, printReportAmounts.station_id))
    .where(
      and(
        eq(users.status, true),
        isNull(users.deleted_at),
        exists(sql`(select 1 from ${printedParcelItems} where ${printedParcelItems.psd_id} = ${printReportAmounts.psd_id})`),
        notExists(
          sql`(select 1 from ${distributorParcelItems} where ${distributorParcelItems.psd_id} = ${printReportAmounts.psd_id} and ${distributorParcelItems.station_id} = ${printReportAmounts.station_id})`,
        ),
      ),
    )
    .groupBy(promotions.id, promotions.name)
    .orderBy(asc(promotions.id));
  return rows.map((r) => ({
    kind: 'parcels_to_send',
    promotion: { id: r.id, name: r.name },
    subject: null,
    count: Number(r.n),
    link: `/promotion-report-view?prom_id=${r.id}`,
  }));
}

/**
 * The station's own work: surfaces of running promotions shown to users, not yet sent to the
 * printers, that it receives and has no planner amount for; each parcel sent to it whose receipt it
 * has not confirmed; each received surface it has not photographed. Each links to the exact place:
 * the planner with the surfaces without an amount first, the parcel or the surface in the
 * promotion's sheet (issue 21).
 */
async function stationWork(db: DbOrTx, me: Asker): Promise<Found[]> {
  const [station] = await db
    .select({ id: users.id, group: users.group })
    .from(users)
    .where(and(eq(users.id, me.id), eq(users.role, 'user'), eq(users.status, true), isNull(users.deleted_at)));
  if (!station) return [];
  const links = await db.select({ id: userCategories.category_id }).from(userCategories).where(eq(userCategories.user_id, station.id));
  const own = { id: station.id, group: station.group, categoryIds: links.map((l) => l.id) };
  const today = osloDay(new Date());
  const [amounts, parcels, photos] = await Promise.all([
    db
      .select({ id: promotions.id, name: promotions.name, n: countDistinct(promotionSurfaceDesigns.surface_id) })
      .from(promotionSurfaceDesigns)
      .innerJoin(promotions, eq(promotions.id, promotionSurfaceDesigns.promotion_id))
      .innerJoin(designs, eq(designs.id, promotionSurfaceDesigns.design_id))
      .innerJoin(categories, eq(categories.id, designs.category_id))
      .innerJoin(surfaces, eq(surfaces.id, promotionSurfaceDesigns.surface_id))
      .where(
        and(
          eq(promotions.show_in_user_promotions, true),
          sql`${promotions.period_to} >= ${today}`,
          notSent,
          ne(promotionSurfaceDesigns.status, 'Cancelled'),
          sql`not (${LOCKED_FOR_USERS} = any(${surfaces.status}))`,
          receivesSql(own),
          notExists(
            sql`(select 1 from ${plannerAmounts} where ${plannerAmounts.station_id} = ${own.id} and ${plannerAmounts.surface_id} = ${promotionSurfaceDesigns.surface_id})`,
          ),
        ),
      )
      .groupBy(promotions.id, promotions.name)
      .orderBy(asc(promotions.id)),
    db
      .select({ id: promotions.id, name: promotions.name, parcel: distributorParcels.id, tracker: distributorParcels.tracker_number })
      .from(distributorParcels)
      .innerJoin(promotions, eq(promotions.id, distributorParcels.promotion_id))
      .where(and(eq(distributorParcels.station_id, own.id), isNull(distributorParcels.received_at)))
      .orderBy(asc(promotions.id), asc(distributorParcels.id)),
    unphotographed(db, own.id, today),
  ]);
  const sheet = (promotionId: number) => `/user-promotions/${promotionId}`;
  return [
    ...amounts.map((r) => ({ kind: 'amounts_to_enter' as const, promotion: { id: r.id, name: r.name }, subject: null, count: Number(r.n), link: '/company-planner?sort=amount&order=asc' })),
    ...parcels.map((r) => ({ kind: 'delivery_to_confirm' as const, promotion: { id: r.id, name: r.name }, subject: r.tracker || null, count: 1, link: `${sheet(r.id)}?parcel=${r.parcel}` })),
    ...photos.map((r) => ({ kind: 'placement_to_photograph' as const, promotion: { id: r.id, name: r.name }, subject: r.surface, count: 1, link: `${sheet(r.id)}?surface=${r.surface_id}` })),
  ];
}

/**
 * Surfaces delivered to the station in a parcel it confirmed as received, with no placement photo
 * yet, in promotions whose period has not ended: what it can put up and photograph now.
 */
function unphotographed(db: DbOrTx, stationId: number, today: string) {
  return db
    .selectDistinct({ id: promotions.id, name: promotions.name, surface_id: surfaces.id, surface: surfaces.name })
    .from(distributorParcelItems)
    .innerJoin(distributorParcels, eq(distributorParcels.id, distributorParcelItems.parcel_id))
    .innerJoin(promotions, eq(promotions.id, distributorParcels.promotion_id))
    .innerJoin(surfaces, eq(surfaces.id, distributorParcelItems.surface_id))
    .where(
      and(
        eq(distributorParcelItems.station_id, stationId),
        isNotNull(distributorParcels.received_at),
        sql`${promotions.period_to} >= ${today}`,
        notExists(
          sql`(select 1 from ${placementPhotos} where ${placementPhotos.promotion_id} = ${promotions.id} and ${placementPhotos.station_id} = ${stationId} and ${placementPhotos.surface_id} = ${surfaces.id})`,
        ),
      ),
    )
    .orderBy(asc(promotions.id), asc(surfaces.name), asc(surfaces.id));
}

/** Versions waiting in a review stage the user has not approved, each with its stage's day. */
async function reviewWork(db: DbOrTx, me: Asker): Promise<Found[]> {
  const rows = await versionsToReview(db, me);
  return rows.map((r) => ({ kind: 'review_to_decide', promotion: r.promotion, subject: r.subject, count: 1, link: designLink({ promotion_id: r.promotion.id, surface_id: r.surface_id, psd_id: r.psd_id }), due: r.due }));
}

async function foundFor(db: DbOrTx, me: Asker): Promise<Found[]> {
  return [...(await roleWork(db, me)), ...(await reviewWork(db, me))];
}

async function roleWork(db: DbOrTx, me: Asker): Promise<Found[]> {
  switch (me.role) {
    case 'designer':
      return designerWork(db, me);
    case 'cm':
      return managerWork(db, me);
    case 'cm-admin':
      return [...(await managerWork(db, me)), ...(await promotionsToSend(db))];
    case 'admin':
      return promotionsToSend(db);
    case 'printer':
      return pairsToPrint(db, me);
    case 'distributor':
      return (await namedDistributorId(db)) === me.id ? parcelsToSend(db) : [];
    case 'user':
      return stationWork(db, me);
    default:
      return [];
  }
}

/**
 * What waits for a user (issue 15, decision 018), each with the milestone it is measured against,
 * the most urgent first (earliest deadline; none last).
 */
export async function waitingFor(db: DbOrTx, me: Asker, today = osloDay(new Date())): Promise<WaitingItem[]> {
  const found = await foundFor(db, me);
  const lists = await milestonesOf(db, [...new Set(found.map((f) => f.promotion.id))]);
  const items = found.map(({ due, ...f }) => ({
    ...f,
    deadline: due !== undefined ? (due ? { ...due, state: deadlineState(due.due_on, today) } : null) : deadlineOf(lists.get(f.promotion.id), MILESTONE_OF[f.kind], today),
  }));
  return items
    .map((item, i) => ({ item, i }))
    .sort((a, b) => (a.item.deadline?.due_on ?? '9999').localeCompare(b.item.deadline?.due_on ?? '9999') || a.i - b.i)
    .map((x) => x.item);
}
