import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { osloDay } from '@promo/shared';
import type { Db, DbOrTx } from '../client';
import { categories, chats, designs, products, promotionEvents, promotions, promotionSurfaceDesigns, promotionSurfaces, signs, signTemplates, surfaceCategories, surfaceSizes, surfaces, users } from '../schema';
import type { AuthContext } from '../../lib/auth-context';
import type { Realtime } from '../../lib/realtime';
import type { Storage } from '../../lib/storage';
import type { SignRenderer } from '../../lib/signs/sign-renderer';
import type { PreflightQueue } from '../../modules/preflight/queue';

const day = 24 * 3600_000;
/** Portrait A4 in the settings' default unit (cm): the seeded template "Prisskilt A4"'s trim size. */
const A4_SIZE = 'H29.7 x W21';

/** The ISO 8601 week number of a day (Thursday decides the year). */
function isoWeek(date: Date): number {
  const d = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  d.setUTCDate(d.getUTCDate() + 3 - ((d.getUTCDay() + 6) % 7));
  const firstThursday = new Date(Date.UTC(d.getUTCFullYear(), 0, 4));
  return 1 + Math.round((d.getTime() - firstThursday.getTime()) / day / 7 - (3 - ((firstThursday.getUTCDay() + 6) % 7)) / 7);
}

/** The renderer in this thread: the seed makes one small PDF, not worth starting the worker threads for. */
async function inThreadRenderer(): Promise<SignRenderer> {
  const { checkSigns, generateSigns, previewSign } = await import('../../lib/signs/render');
  return { check: checkSigns, generate: generateSigns, preview: previewSign };
}

/** Nobody is connected while the seed runs. */
const quietRealtime = { publish: () => {}, announceStale: () => {} } as unknown as Realtime;
/** The HQ file's preflight stays pending; the server's start takes it (PreflightQueue.resumePending). */
const laterPreflight = { add: () => {} } as unknown as PreflightQueue;

/**
 * A promotion with price signs (issue 34, decision 043): "Prisskilt uke N" (a week about three
 * weeks ahead), a portrait A4 surface of Food, a design from the seeded template "Prisskilt A4" with
 * a sign for each of six Food products that state their net quantity, generated once by the generate
 * call's own service function: its chat holds the cm's HQ PDF.
 */
export async function seedSigns(db: DbOrTx, storage: Storage) {
  const [food] = await db.select({ id: categories.id }).from(categories).where(eq(categories.name, 'Food'));
  const [template] = await db
    .select({ id: designs.id, version: signTemplates.current_version })
    .from(designs)
    .innerJoin(signTemplates, eq(signTemplates.design_id, designs.id))
    .where(eq(designs.name, 'Prisskilt A4'));
  const [cm] = await db.select({ id: users.id, name: users.name, surname: users.surname, email: users.email, role: users.role }).from(users).where(eq(users.email, 'cm@demo.no'));
  const [printer] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'printer')).orderBy(asc(users.id)).limit(1);
  if (!food || !template || !cm) return;

  await db.insert(surfaceSizes).values({ name: A4_SIZE }).onConflictDoNothing();
  const [surface] = await db
    .insert(surfaces)
    .values({
      vendor_code: 100_099,
      name: 'Prisskiltlomme A4 Kjøledisk',
      type_surface: 'Plakat',
      size_surface: A4_SIZE,
      price: '12.50',
      description: 'Prisskilt i lomme ved kjøledisken',
      divided_bool: false,
      status: [0],
      printer_id: printer?.id ?? null,
    })
    .returning({ id: surfaces.id });
  await db.insert(surfaceCategories).values({ surface_id: surface!.id, category_id: food.id });

  // Monday to Sunday of the week three weeks from now.
  const start = new Date(Date.now() + 21 * day);
  start.setUTCDate(start.getUTCDate() - ((start.getUTCDay() + 6) % 7));
  const end = new Date(start.getTime() + 6 * day);
  const createdAt = new Date(Date.now() - 2 * day);
  const [promotion] = await db
    .insert(promotions)
    .values({
      name: `Prisskilt uke ${isoWeek(start)}`,
      description: '<p>Prisskilt for ukens tilbud i kjøledisken.</p>',
      period_from: osloDay(start),
      period_to: osloDay(end),
      status: 0,
      manager_id: cm.id,
      who_created_id: cm.id,
      created_at: createdAt,
    })
    .returning({ id: promotions.id });
  await db.insert(promotionEvents).values({ promotion_id: promotion!.id, event: 'created', actor_id: cm.id, created_at: createdAt });
  await db.insert(promotionSurfaces).values({ promotion_id: promotion!.id, surface_id: surface!.id });
  const [psd] = await db
    .insert(promotionSurfaceDesigns)
    .values({ promotion_id: promotion!.id, surface_id: surface!.id, design_id: template.id, template_version: template.version, status: 'Created', title: 'Ukens tilbud i kjøledisken' })
    .returning({ id: promotionSurfaceDesigns.id });
  await db.insert(chats).values({ psd_id: psd!.id });

  const chosen = await db
    .select({ id: products.id, price: products.price_per_item })
    .from(products)
    .where(and(eq(products.category_id, food.id), isNotNull(products.net_unit), eq(products.status, true)))
    .orderBy(asc(products.id))
    .limit(6);
  await db.insert(signs).values(
    chosen.map((p, position) => {
      const previous = Math.round(Number(p.price) * 100);
      // A round offer price under the usual one: 24,90 or 19,-.
      const offer = Math.max(900, Math.floor((previous * 0.8) / 100) * 100 + (position % 2 ? 0 : 90));
      return {
        psd_id: psd!.id,
        position,
        product_id: p.id,
        price_ore: offer,
        previous_price_ore: offer < previous ? previous : null,
        valid_to: osloDay(end),
        texts: (position === 0 ? { slogan: 'Kun denne uken' } : {}) as Record<string, string>,
      };
    }),
  );

  // The generate call's own path (decision 043): renders, stores the PDF and sends it to the chat.
  const { generateSigns } = await import('../../modules/signs/generate');
  const auth: AuthContext = { user: { ...cm, role: 'cm' }, sessionId: 0, impersonatorId: null };
  const deps = { db: db as Db, storage, signRenderer: await inThreadRenderer(), realtime: quietRealtime, preflight: laterPreflight };
  await generateSigns(deps, auth, psd!.id);
}
