import { asc, inArray, notInArray } from 'drizzle-orm';
import { osloDay } from '@promo/shared';
import type { DbOrTx } from '../client';
import { chats, designs, designStatusChanges, promotionEvents, promotions, promotionSurfaceDesigns, promotionSurfaces, signTemplates, surfaces, systemSettings, users } from '../schema';

const day = 24 * 3600_000;

/** Where a seeded promotion is in the print flow (seed/print-flow.ts takes it there). */
export type PrintStep = 'ready' | 'partly_printed' | 'partly_distributed' | 'delivered';

interface Plan {
  name: string;
  from: number;
  to: number;
  status: 0 | 1 | 2;
  manager: string;
  /** Indexes into the first surfaces (the 10th, 20th … have no printer). */
  surfaces?: number[];
  designStatuses?: string[];
  step?: PrintStep;
}

const PLANS: Plan[] = [
  { name: 'Påskekampanje', from: -20, to: 10, status: 1, manager: 'cm@demo.no', surfaces: [0, 1, 2], designStatuses: ['Brief', 'Correction', 'Completed', 'Created'] },
  { name: 'Sommerkampanje', from: 30, to: 75, status: 0, manager: 'cm2@demo.no', surfaces: [4, 5, 6], designStatuses: ['Created', 'Created', 'Created', 'Created'] },
  { name: 'Høstkampanje kaffe', from: 90, to: 120, status: 0, manager: 'cm@demo.no' },
  { name: 'Vinterkampanje', from: -5, to: 25, status: 2, manager: 'cm-admin@demo.no', surfaces: [11, 12, 13], step: 'ready' },
  // Complete, but one surface has no printer: send to printers lists it.
  { name: 'Bilpleiekampanje', from: 0, to: 30, status: 2, manager: 'cm@demo.no', surfaces: [8, 9, 10] },
  { name: 'Vårkampanje', from: -10, to: 20, status: 2, manager: 'cm@demo.no', surfaces: [14, 15, 16], step: 'partly_printed' },
  { name: 'Kaffekampanje', from: -15, to: 15, status: 2, manager: 'cm-admin@demo.no', surfaces: [17, 18, 20], step: 'partly_distributed' },
  { name: 'Nyttårskampanje', from: -60, to: -30, status: 2, manager: 'cm@demo.no', surfaces: [21, 22, 23], step: 'delivered' },
  { name: 'Julekampanje', from: -400, to: -360, status: 0, manager: 'cm2@demo.no' },
];

/** System settings and promotions around today with surfaces and designs; returns the print-flow plans. */
export async function seedPromotions(db: DbOrTx): Promise<{ id: number; step: PrintStep }[]> {
  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, ['admin@demo.no', 'cm@demo.no', 'cm2@demo.no', 'cm-admin@demo.no', 'distributor@demo.no']));
  const id = (email: string) => people.find((p) => p.email === email)?.id ?? null;
  await db.insert(systemSettings).values({ distributor_id: id('distributor@demo.no'), admin_id: id('admin@demo.no'), percent_promotion_report: 10 });

  const now = Date.now();
  const someSurfaces = await db.select({ id: surfaces.id }).from(surfaces).orderBy(asc(surfaces.id)).limit(24);
  // Ordinary designs: a template's design goes only on a surface of its size (seed/signs.ts).
  const someDesigns = await db
    .select({ id: designs.id })
    .from(designs)
    .where(notInArray(designs.id, db.select({ id: signTemplates.design_id }).from(signTemplates)))
    .orderBy(asc(designs.id));
  const flow: { id: number; step: PrintStep }[] = [];
  for (const [n, p] of PLANS.entries()) {
    const notified = p.status > 0;
    // Planned ahead of every milestone, as a real promotion is: its overdue badges are real ones (decision 031).
    const createdAt = new Date(now + (p.from - 60) * day);
    const [row] = await db
      .insert(promotions)
      .values({
        name: p.name,
        description: `<p>${p.name} for alle stasjoner.</p>`,
        period_from: osloDay(new Date(now + p.from * day)),
        period_to: osloDay(new Date(now + p.to * day)),
        status: p.status,
        notify_admin: notified ? 1 : null,
        manager_id: id(p.manager),
        show_in_user_promotions: p.status > 0,
        who_created_id: id(p.manager),
        created_at: createdAt,
      })
      .returning({ id: promotions.id });
    await db.insert(promotionEvents).values({ promotion_id: row!.id, event: 'created', actor_id: id(p.manager), created_at: createdAt });
    if (notified) await db.insert(promotionEvents).values({ promotion_id: row!.id, event: 'notify_admin', actor_id: id(p.manager) });
    const chosen = (p.surfaces ?? []).map((i) => someSurfaces[i]).filter((s): s is { id: number } => !!s);
    if (!chosen.length || someDesigns.length < 4) continue;
    await db.insert(promotionSurfaces).values(chosen.map((s) => ({ promotion_id: row!.id, surface_id: s.id })));
    const statuses = p.designStatuses ?? ['Completed', 'Completed', 'Completed', 'Completed'];
    const psds = await db
      .insert(promotionSurfaceDesigns)
      .values(
        statuses.map((status, i) => ({
          promotion_id: row!.id,
          surface_id: chosen[i % chosen.length]!.id,
          design_id: someDesigns[(i * 3 + n) % someDesigns.length]!.id,
          status,
          title: `${p.name} – budskap ${i + 1}`,
        })),
      )
      .returning({ id: promotionSurfaceDesigns.id });
    await db.insert(chats).values(psds.map((d) => ({ psd_id: d.id })));
    const history = psds.flatMap((d, i) => statusHistory(d.id, statuses[i]!, now + p.from * day, i, id(p.manager)));
    if (history.length) await db.insert(designStatusChanges).values(history);
    if (p.step) flow.push({ id: row!.id, step: p.step });
  }
  return flow;
}

/**
 * How a demo design reached its status, counted back from the period's first day, so the insights'
 * turnaround and deadline sections have a history to show: Brief 50 days before, a Correction 40
 * days before, Approved 38 and Completed 32 — the fourth design of some promotions a week later (late for
 * the designs-complete milestone, 28 days before).
 */
function statusHistory(psdId: number, status: string, periodStart: number, index: number, by: number | null) {
  const late = index === 3 && psdId % 3 === 0 ? 7 : 0;
  const at = (daysBefore: number) => new Date(periodStart - (daysBefore - late) * day);
  const move = (from_status: string, to_status: string, daysBefore: number) => ({
    psd_id: psdId,
    from_status,
    to_status,
    cause: 'edit' as const,
    changed_by_id: by,
    created_at: at(daysBefore),
  });
  switch (status) {
    case 'Brief':
      return [move('Created', 'Brief', 50)];
    case 'Correction':
      return [move('Created', 'Brief', 50), move('Brief', 'Correction', 40)];
    case 'Completed':
      return [move('Created', 'Brief', 50), move('Brief', 'Approved', 38), move('Approved', 'Completed', 32)];
    default:
      return [];
  }
}
