import { and, asc, count, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { BUSINESS_TIME_ZONE, type AuditEntryRow, type AuditListData, type AuditListQuery } from '@promo/shared';
import type { DbOrTx } from '../../db/client';
import {
  auditLog,
  categories,
  chatMessages,
  chats,
  designs,
  distributorParcels,
  feedbacks,
  filePins,
  placementPhotos,
  plannerAmounts,
  products,
  promotions,
  promotionSurfaceDesigns,
  surfaces,
  users,
} from '../../db/schema';
import { pageTotal } from '../../lib/sql-helpers';
import { referencedNames, userName } from './names';

const actor = alias(users, 'actor');
const impersonator = alias(users, 'impersonator');

/** The first moment of an Oslo calendar day ('YYYY-MM-DD'), as an instant. */
const osloMidnight = (day: string, plusDays = 0) =>
  sql`((${day}::date + ${plusDays}::integer)::timestamp at time zone ${BUSINESS_TIME_ZONE})`;

function conditions(q: AuditListQuery['obj_search']): SQL | undefined {
  const { from, to } = q.date_picker;
  return and(
    // A user's rows: what they did, and what they did signed in as someone else.
    q.actor_id ? or(eq(auditLog.actor_id, q.actor_id), eq(auditLog.impersonator_id, q.actor_id)) : undefined,
    q.entity ? eq(auditLog.entity, q.entity) : undefined,
    q.action ? eq(auditLog.action, q.action) : undefined,
    // Both days whole, in Oslo time (decision 012): from its 00:00 to the end of `to`.
    from ? gte(auditLog.created_at, osloMidnight(from)) : undefined,
    to ? lt(auditLog.created_at, osloMidnight(to, 1)) : undefined,
  );
}

const person = (p: { id: number | null; name: string | null; surname: string | null }) =>
  p.id === null ? null : { id: p.id, name: p.name ?? '', surname: p.surname ?? '' };

const asObject = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : v == null ? null : { value: v });

export async function listAudit(db: DbOrTx, query: AuditListQuery): Promise<AuditListData> {
  const where = conditions(query.obj_search);
  const order = query.sort_count === 2 ? [asc(auditLog.created_at), asc(auditLog.id)] : [desc(auditLog.created_at), desc(auditLog.id)];
  const rows = await db
    .select({
      id: auditLog.id,
      created_at: auditLog.created_at,
      action: auditLog.action,
      entity: auditLog.entity,
      entity_id: auditLog.entity_id,
      before: auditLog.before,
      after: auditLog.after,
      actor_id: actor.id,
      actor_name: actor.name,
      actor_surname: actor.surname,
      imp_id: impersonator.id,
      imp_name: impersonator.name,
      imp_surname: impersonator.surname,
    })
    .from(auditLog)
    .leftJoin(actor, eq(actor.id, auditLog.actor_id))
    .leftJoin(impersonator, eq(impersonator.id, auditLog.impersonator_id))
    .where(where)
    .orderBy(...order)
    .limit(query.count_show)
    .offset(query.start_index);

  const [total, described, names, people, entities, actions] = await Promise.all([
    pageTotal(query, rows.length, async () => Number((await db.select({ n: count() }).from(auditLog).where(where))[0]!.n)),
    describeEntities(db, rows),
    referencedNames(db, rows),
    db
      .select({ id: users.id, name: users.name, surname: users.surname, email: users.email, deleted_at: users.deleted_at })
      .from(users)
      .orderBy(asc(users.name), asc(users.surname), asc(users.id)),
    distinctValues(db, 'entity'),
    distinctValues(db, 'action'),
  ]);

  const entries: AuditEntryRow[] = rows.map((r) => {
    const about = r.entity_id === null ? undefined : described.get(`${r.entity}:${r.entity_id}`);
    return {
      id: r.id,
      created_at: r.created_at.toISOString(),
      action: r.action,
      entity: r.entity,
      entity_id: r.entity_id,
      actor: person({ id: r.actor_id, name: r.actor_name, surname: r.actor_surname }),
      impersonator: person({ id: r.imp_id, name: r.imp_name, surname: r.imp_surname }),
      before: asObject(r.before),
      after: asObject(r.after),
      link: about?.link ?? null,
      label: about?.label ?? null,
    };
  });
  return {
    entries,
    total,
    users: people.map(({ deleted_at, ...p }) => ({ ...p, deleted: deleted_at !== null })),
    entities,
    actions,
    names,
  };
}

/** The values of a column the log holds, sorted (the filter bar's choices). */
async function distinctValues(db: DbOrTx, column: 'entity' | 'action'): Promise<string[]> {
  const col = auditLog[column];
  const found = await db.selectDistinct({ v: col }).from(auditLog).orderBy(asc(col));
  return found.map((r) => r.v);
}

interface About {
  link: string | null;
  label: string | null;
}

const q = (params: Record<string, string | number>) => new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString();

const designPage = (p: { promotion_id: number; surface_id: number; psd_id: number }) =>
  `/promotion-design?${q({ prom_id: p.promotion_id, sur_id: p.surface_id, prom_sur_des_id: p.psd_id })}`;

/**
 * Where each logged entity of a page can be seen in the web app, and its name: one query per kind
 * of entity on the page. Gone entities (deleted since) get no link; kinds without a page neither.
 */
async function describeEntities(db: DbOrTx, rows: { entity: string; entity_id: number | null }[]): Promise<Map<string, About>> {
  const ids = new Map<string, number[]>();
  for (const r of rows) if (r.entity_id !== null) ids.set(r.entity, [...(ids.get(r.entity) ?? []), r.entity_id]);
  const out = new Map<string, About>();
  const put = (entity: string, id: number, about: About) => out.set(`${entity}:${id}`, about);
  const psdColumns = {
    psd_id: promotionSurfaceDesigns.id,
    promotion_id: promotionSurfaceDesigns.promotion_id,
    surface_id: promotionSurfaceDesigns.surface_id,
    promotion: promotions.name,
    design: designs.name,
  };
  const psdLabel = (p: { promotion: string; design: string }) => `${p.promotion} · ${p.design}`;

  const jobs: Promise<void>[] = [];
  const each = (entity: string, load: (list: number[]) => Promise<void>) => {
    const list = ids.get(entity);
    if (list?.length) jobs.push(load([...new Set(list)]));
  };
  each('promotions', async (list) => {
    for (const p of await db.select({ id: promotions.id, name: promotions.name }).from(promotions).where(inArray(promotions.id, list))) {
      put('promotions', p.id, { link: `/promotion-settings?${q({ prom_id: p.id })}`, label: p.name });
    }
  });
  each('promotion_surface_designs', async (list) => {
    const found = await db
      .select(psdColumns)
      .from(promotionSurfaceDesigns)
      .innerJoin(promotions, eq(promotions.id, promotionSurfaceDesigns.promotion_id))
      .innerJoin(designs, eq(designs.id, promotionSurfaceDesigns.design_id))
      .where(inArray(promotionSurfaceDesigns.id, list));
    for (const p of found) put('promotion_surface_designs', p.psd_id, { link: designPage(p), label: psdLabel(p) });
  });
  // Chat messages and pins are seen on their design's page, reached through the chat.
  for (const [entity, table] of [['chat_messages', chatMessages], ['file_pins', filePins]] as const) {
    each(entity, async (list) => {
      const found = await db
        .select({ ...psdColumns, id: table.id })
        .from(table)
        .innerJoin(chats, eq(chats.id, table.chat_id))
        .innerJoin(promotionSurfaceDesigns, eq(promotionSurfaceDesigns.id, chats.psd_id))
        .innerJoin(promotions, eq(promotions.id, promotionSurfaceDesigns.promotion_id))
        .innerJoin(designs, eq(designs.id, promotionSurfaceDesigns.design_id))
        .where(inArray(table.id, list));
      for (const p of found) put(entity, p.id, { link: designPage(p), label: psdLabel(p) });
    });
  }
  each('users', async (list) => {
    const found = await db
      .select({ id: users.id, name: users.name, surname: users.surname, email: users.email, deleted_at: users.deleted_at })
      .from(users)
      .where(inArray(users.id, list));
    for (const u of found) {
      const label = `${u.name} ${u.surname}`.trim();
      put('users', u.id, { link: u.deleted_at ? null : `/users?${q({ q: u.email, field: 'email' })}`, label });
    }
  });
  const named = (entity: string, table: typeof categories | typeof surfaces | typeof products | typeof designs, page: (name: string) => string) =>
    each(entity, async (list) => {
      for (const r of await db.select({ id: table.id, name: table.name }).from(table).where(inArray(table.id, list))) {
        put(entity, r.id, { link: page(r.name), label: r.name });
      }
    });
  named('categories', categories, () => '/categories');
  named('surfaces', surfaces, (name) => `/surfaces?${q({ q: name, field: 'name' })}`);
  named('products', products, (name) => `/products?${q({ q: name, field: 'name' })}`);
  named('designs', designs, (name) => `/designs?${q({ q: name })}`);
  each('feedbacks', async (list) => {
    for (const f of await db.select({ id: feedbacks.id, title: feedbacks.title }).from(feedbacks).where(inArray(feedbacks.id, list))) {
      put('feedbacks', f.id, { link: `/view-feedback?${q({ feedback_id: f.id })}`, label: f.title });
    }
  });
  // Parcels and placement photos are followed up on their promotion's report view.
  const reportView = (promotionId: number) => `/promotion-report-view?${q({ prom_id: promotionId })}`;
  each('distributor_parcels', async (list) => {
    const found = await db
      .select({ id: distributorParcels.id, promotion_id: promotions.id, promotion: promotions.name, tracker: distributorParcels.tracker_number, station: userName })
      .from(distributorParcels)
      .innerJoin(promotions, eq(promotions.id, distributorParcels.promotion_id))
      .innerJoin(users, eq(users.id, distributorParcels.station_id))
      .where(inArray(distributorParcels.id, list));
    for (const p of found) put('distributor_parcels', p.id, { link: reportView(p.promotion_id), label: [p.promotion, p.station, p.tracker].filter(Boolean).join(' · ') });
  });
  each('placement_photos', async (list) => {
    const found = await db
      .select({ id: placementPhotos.id, promotion_id: promotions.id, promotion: promotions.name, station: userName, surface: surfaces.name })
      .from(placementPhotos)
      .innerJoin(promotions, eq(promotions.id, placementPhotos.promotion_id))
      .innerJoin(users, eq(users.id, placementPhotos.station_id))
      .innerJoin(surfaces, eq(surfaces.id, placementPhotos.surface_id))
      .where(inArray(placementPhotos.id, list));
    for (const p of found) put('placement_photos', p.id, { link: reportView(p.promotion_id), label: `${p.promotion} · ${p.station} · ${p.surface}` });
  });
  // A station's planner is its own page: the admin sees which station and surface, without a link.
  each('planner_amounts', async (list) => {
    const found = await db
      .select({ id: plannerAmounts.id, station: userName, surface: surfaces.name })
      .from(plannerAmounts)
      .innerJoin(users, eq(users.id, plannerAmounts.station_id))
      .innerJoin(surfaces, eq(surfaces.id, plannerAmounts.surface_id))
      .where(inArray(plannerAmounts.id, list));
    for (const p of found) put('planner_amounts', p.id, { link: null, label: `${p.station} · ${p.surface}` });
  });
  each('system_settings', async (list) => {
    for (const id of list) put('system_settings', id, { link: '/system-settings', label: null });
  });
  await Promise.all(jobs);
  return out;
}
