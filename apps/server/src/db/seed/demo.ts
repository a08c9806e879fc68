import { count, sql } from 'drizzle-orm';
import { GROUP_CATEGORY_PRESETS, GROUPS, type Group, type Role } from '@promo/shared';
import type { Db } from '../client';
import { categories, userCategories, users } from '../schema';
import { hashPassword } from '../../lib/passwords';
import { STATION_TOWNS, STREETS } from './stations';
import { seedCatalogue } from './catalogue';
import { seedDesignChats } from './design-chats';
import { seedSigns } from './signs';
import { seedPlanner } from './planner';
import { seedPrintFlow } from './print-flow';
import { seedPromotions } from './promotions';
import type { Storage } from '../../lib/storage';

export const DEMO_PASSWORD = 'Demo2026';

/** One active user per role; README and the login page show these. */
export const DEMO_USERS: { email: string; role: Role; name: string; surname: string }[] = [
  { email: 'admin@demo.no', role: 'admin', name: 'Ingrid', surname: 'Admin' },
  { email: 'cm@demo.no', role: 'cm', name: 'Lars', surname: 'Kategorisjef' },
  { email: 'cm-admin@demo.no', role: 'cm-admin', name: 'Kari', surname: 'Nordmann' },
  { email: 'designer@demo.no', role: 'designer', name: 'Sofie', surname: 'Designer' },
  { email: 'printer@demo.no', role: 'printer', name: 'Trykkeriet', surname: 'AS' },
  { email: 'distributor@demo.no', role: 'distributor', name: 'Distribusjon', surname: 'Norge' },
  { email: 'user@demo.no', role: 'user', name: 'Stasjon', surname: 'Majorstuen' },
];

/** A second category manager, so every category has a cm as its manager. */
const SECOND_CM = { email: 'cm2@demo.no', role: 'cm' as const, name: 'Marte', surname: 'Kategorisjef' };

const CATEGORIES: { name: string; manager: string; groups: Group[]; required: boolean }[] = [
  { name: 'Generic', manager: 'cm2@demo.no', groups: [], required: true },
  { name: 'Fuel', manager: 'cm@demo.no', groups: [], required: false },
  { name: 'Loyalty / Trumf', manager: 'cm2@demo.no', groups: [], required: false },
  { name: 'Food', manager: 'cm@demo.no', groups: ['RBA', 'DO+'], required: false },
  { name: 'Food Outside', manager: 'cm@demo.no', groups: ['RBA', 'DO+'], required: false },
  { name: 'Store', manager: 'cm2@demo.no', groups: ['RBA', 'DO+'], required: false },
];

export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return Number(row?.n ?? 0) === 0;
}

/** Loads the demo data set into an empty database, in one transaction. */
export async function seedDemo(db: Db, storage: Storage): Promise<void> {
  const password_hash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const staff = await tx
      .insert(users)
      .values(
        [...DEMO_USERS, SECOND_CM].map((u) => ({
          ...u,
          password_hash,
          ...(u.role === 'user' ? { company_name: 'Majorstuen Handel AS', group: 'DO+' as Group, postcode: '0367', kommune: 'Oslo' } : {}),
          // The printers' print report shows where to send: the distributor's address and phone.
          ...(u.role === 'distributor' ? { post_address: 'Lagerveien 12', postcode: '2010', kommune: 'Strømmen', phone: '+47 63 80 12 00' } : {}),
        })),
      )
      .returning({ id: users.id, email: users.email });
    const idOf = (email: string) => staff.find((s) => s.email === email)!.id;

    const cats = await tx
      .insert(categories)
      .values(CATEGORIES.map((c) => ({ name: c.name, manager_id: idOf(c.manager), groups: c.groups, required: c.required })))
      .returning({ id: categories.id, name: categories.name });
    const catIds = (group: Group) => cats.filter((c) => GROUP_CATEGORY_PRESETS[group].includes(c.name)).map((c) => c.id);

    const stations = STATION_TOWNS.map(([town, postcode, kommune, municipality], i) => {
      const n = String(i + 1).padStart(2, '0');
      const group = GROUPS[i % GROUPS.length]!;
      return {
        email: `station${n}@demo.no`,
        password_hash,
        role: 'user' as const,
        name: `Stasjon ${town}`,
        company_name: `${town} Handel AS`,
        company_number: String(910_000_000 + i * 7919),
        reference_number: `ST-${n}`,
        post_address: `${STREETS[i % STREETS.length]} ${(i % 40) + 1}`,
        postcode,
        kommune,
        municipality_number: municipality,
        country: 'Norge',
        number_country: '+47',
        phone: `+47 ${String(40_000_000 + i * 104_729).slice(0, 8)}`,
        name_invoice_recipient: `${town} Handel AS`,
        email_invoice_recipient: `faktura.station${n}@demo.no`,
        group,
        status: i !== 30, // one inactive station, to show the status icon
      };
    });
    const inserted = await tx.insert(users).values(stations).returning({ id: users.id, group: users.group });
    const links = [{ id: idOf('user@demo.no'), group: 'DO+' as Group }, ...inserted.map((s) => ({ id: s.id, group: s.group as Group }))]
      .flatMap((s) => catIds(s.group).map((category_id) => ({ user_id: s.id, category_id })));
    await tx.insert(userCategories).values(links);
    await seedCatalogue(tx, storage);
    await seedPlanner(tx);
    const flow = await seedPromotions(tx);
    await seedDesignChats(tx, storage);
    await seedPrintFlow(tx, flow);
    await seedSigns(tx, storage);
  });
  // Statistics now, not when autovacuum gets round to it: the products list's estimated totals
  // (decision 016) and the planner's choices read them.
  await db.execute(sql`analyze`);
}
