import { asc, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { chats, designs, promotionEvents, promotions, promotionSurfaceDesigns, promotionSurfaces, surfaces, systemSettings, users } from '../schema';

const day = 24 * 3600_000;

/** System settings and a few promotions around today, in the first two statuses. */
export async function seedPromotions(db: DbOrTx) {
  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, ['admin@demo.no', 'cm@demo.no', 'cm2@demo.no', 'cm-admin@demo.no', 'distributor@demo.no']));
  const id = (email: string) => people.find((p) => p.email === email)?.id ?? null;
  await db.insert(systemSettings).values({ distributor_id: id('distributor@demo.no'), admin_id: id('admin@demo.no'), percent_promotion_report: 10 });

  const now = Date.now();
  const someSurfaces = await db.select({ id: surfaces.id }).from(surfaces).orderBy(asc(surfaces.id)).limit(12);
  const someDesigns = await db.select({ id: designs.id }).from(designs).orderBy(asc(designs.id));
  const plans = [
    { name: 'Påskekampanje', from: -20, to: 10, status: 1, notified: true, manager: 'cm@demo.no' },
    { name: 'Sommerkampanje', from: 30, to: 75, status: 0, notified: false, manager: 'cm2@demo.no' },
    { name: 'Høstkampanje kaffe', from: 90, to: 120, status: 0, notified: false, manager: 'cm@demo.no' },
    { name: 'Vinterkampanje', from: -5, to: 25, status: 2, notified: true, manager: 'cm-admin@demo.no' },
    { name: 'Julekampanje', from: -400, to: -360, status: 0, notified: false, manager: 'cm2@demo.no' },
  ];
  for (const p of plans) {
    const [row] = await db
      .insert(promotions)
      .values({
        name: p.name,
        description: `<p>${p.name} for alle stasjoner.</p>`,
        period_from: new Date(now + p.from * day),
        period_to: new Date(now + p.to * day),
        status: p.status,
        notify_admin: p.notified ? 1 : null,
        manager_id: id(p.manager),
        show_in_user_promotions: p.status > 0,
        who_created_id: id(p.manager),
      })
      .returning({ id: promotions.id });
    await db.insert(promotionEvents).values({ promotion_id: row!.id, event: 'created', actor_id: id(p.manager) });
    if (p.notified) await db.insert(promotionEvents).values({ promotion_id: row!.id, event: 'notify_admin', actor_id: id(p.manager) });
    // The running and the next promotion get surfaces with designs in several statuses.
    if (p.to > 0 && p.from < 60 && someSurfaces.length >= 4 && someDesigns.length >= 4) {
      const offset = p.status === 1 ? 0 : p.status === 2 ? 8 : 4;
      const chosen = someSurfaces.slice(offset, offset + 3);
      await db.insert(promotionSurfaces).values(chosen.map((s) => ({ promotion_id: row!.id, surface_id: s.id })));
      const statuses =
        p.status === 1 ? ['Brief', 'Correction', 'Completed', 'Created'] : p.status === 2 ? ['Completed', 'Completed', 'Completed', 'Completed'] : ['Created', 'Created', 'Created', 'Created'];
      const psds = await db.insert(promotionSurfaceDesigns).values(
        statuses.map((status, i) => ({
          promotion_id: row!.id,
          surface_id: chosen[i % chosen.length]!.id,
          design_id: someDesigns[(i * 3 + offset) % someDesigns.length]!.id,
          status,
          title: `${p.name} – budskap ${i + 1}`,
        })),
      ).returning({ id: promotionSurfaceDesigns.id });
      await db.insert(chats).values(psds.map((d) => ({ psd_id: d.id })));
    }
  }
}
