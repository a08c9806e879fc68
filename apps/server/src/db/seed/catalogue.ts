import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { isValidEan13 } from '@promo/shared';
import type { DbOrTx } from '../client';
import { categories, designs, products, signTemplates, signTemplateVersions, surfaceCategories, surfaceSizes, surfaces, surfaceTypes, users } from '../schema';
import type { Storage } from '../../lib/storage';
import { makeRenditions } from '../../lib/images';
import { storeUpload } from '../../lib/uploads';

export const SURFACE_TYPES = ['Plakat', 'Hyllestripe', 'Gulvdekal', 'Vindusdekal', 'Wobbler', 'Banner', 'Pumpetopp', 'Kassedekal'];
export const SURFACE_SIZES = ['H50 x W70', 'H70 x W100', 'H100 x W140', 'H3 x W100', 'H60 x W60', 'H30 x W40 x D2', 'H200 x W80', 'H21 x W29.7'];
const PLACES = ['Inngang', 'Kasse', 'Kjøledisk', 'Pumpeøy', 'Vindu', 'Kaffebar', 'Gulv', 'Hylle', 'Pølsedisk', 'Bilvask'];

const PRODUCT_GROUPS: Record<string, { subs: string[]; names: string[]; makers: string[] }> = {
  Food: { subs: ['Brød', 'Meieri', 'Pålegg', 'Frukt'], names: ['Grovbrød', 'Melk 1L', 'Brunost', 'Yoghurt', 'Epler', 'Bananer'], makers: ['Tine', 'Mesterbakeren', 'Gilde', 'Bama'] },
  'Food Outside': { subs: ['Pølser', 'Burger', 'Bakst'], names: ['Grillpølse', 'Cheeseburger', 'Skolebolle', 'Kanelsnurr', 'Baguette'], makers: ['Gilde', 'Bakehuset', 'Stabburet'] },
  Fuel: { subs: ['Bilpleie', 'Olje', 'Spylevæske'], names: ['Motorolje 5W-30', 'Spylervæske', 'Bilvask Premium', 'Frostvæske'], makers: ['Castrol', 'Mobil', 'Turtle Wax'] },
  Generic: { subs: ['Drikke', 'Snacks', 'Godteri'], names: ['Cola 0,5L', 'Potetgull', 'Sjokolade', 'Energidrikk', 'Vann 0,5L'], makers: ['Ringnes', 'Kims', 'Freia', 'Red Bull'] },
  'Loyalty / Trumf': { subs: ['Medlemstilbud', 'Bonus'], names: ['Trumf-kaffe', 'Bonuskort', 'Medlemsbolle'], makers: ['Evergood', 'Trumf'] },
  Store: { subs: ['Husholdning', 'Hygiene', 'Tobakk'], names: ['Tørkerull', 'Tannkrem', 'Snus', 'Batterier', 'Lighter'], makers: ['Lambi', 'Colgate', 'Swedish Match', 'Duracell'] },
};

/** An EAN-13 with a correct check digit, from a 12-digit body. */
export function ean13(body: number): string {
  const digits = String(body).padStart(12, '0').slice(-12);
  const sum = [...digits].reduce((acc, d, i) => acc + Number(d) * (i % 2 ? 3 : 1), 0);
  const code = digits + String((10 - (sum % 10)) % 10);
  if (!isValidEan13(code)) throw new Error(`bad EAN ${code}`);
  return code;
}

/** A picture of a surface: a frame in the surface's colour with a few shapes, made with sharp. */
async function surfacePicture(i: number): Promise<Buffer> {
  const hue = (i * 47) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480">
    <rect width="640" height="480" fill="hsl(${hue},55%,88%)"/>
    <rect x="40" y="40" width="560" height="400" rx="24" fill="hsl(${hue},60%,45%)"/>
    <circle cx="${160 + (i % 5) * 70}" cy="200" r="${60 + (i % 4) * 15}" fill="hsl(${(hue + 180) % 360},70%,60%)"/>
    <rect x="120" y="330" width="${200 + (i % 6) * 40}" height="40" rx="8" fill="#fff" opacity="0.85"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

export async function seedCatalogue(db: DbOrTx, storage: Storage, opts: { surfaces?: number; products?: number } = {}) {
  const surfaceCount = opts.surfaces ?? 60;
  const productCount = opts.products ?? 2000;
  const cats = await db.select({ id: categories.id, name: categories.name }).from(categories);
  const printers = await db.select({ id: users.id }).from(users).where(eq(users.role, 'printer'));
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);

  await db.insert(surfaceTypes).values(SURFACE_TYPES.map((name) => ({ name })));
  await db.insert(surfaceSizes).values(SURFACE_SIZES.map((name) => ({ name })));

  const surfaceRows = Array.from({ length: surfaceCount }, (_, i) => {
    const type = SURFACE_TYPES[i % SURFACE_TYPES.length]!;
    return {
      vendor_code: 100_100 + i * 7,
      name: `${type} ${PLACES[i % PLACES.length]} ${Math.floor(i / PLACES.length) + 1}`,
      type_surface: type,
      size_surface: SURFACE_SIZES[(i * 3) % SURFACE_SIZES.length]!,
      price: (25 + ((i * 37) % 400) + (i % 4) * 0.25).toFixed(2),
      description: `${type} ved ${PLACES[i % PLACES.length]!.toLowerCase()}`,
      divided_bool: i % 3 !== 0,
      status: i % 3 === 0 ? [] : i % 7 === 0 ? [0, 1] : [0],
      // Every tenth surface has no printer yet, so the report can show that case.
      printer_id: i % 10 === 9 || !printers.length ? null : printers[i % printers.length]!.id,
    };
  });
  const inserted = await db.insert(surfaces).values(surfaceRows).returning({ id: surfaces.id });
  await db.insert(surfaceCategories).values(
    inserted.flatMap((s, i) => [cats[i % cats.length]!, cats[(i + 2) % cats.length]!].map((c) => ({ surface_id: s.id, category_id: c.id }))),
  );
  for (const [i, s] of inserted.entries()) {
    const upload = await storeUpload(db, storage, {
      name: `flate-${i + 1}.jpg`,
      stream: (await import('node:stream')).Readable.from([await surfacePicture(i)]),
      kind: 'image',
      userId: admin?.id ?? null,
    });
    await makeRenditions(db, storage, upload, ['original', 'w_200'], { table: 'surfaces', id: s.id });
    await db.update(surfaces).set({ image_id: upload.id }).where(eq(surfaces.id, s.id));
  }

  const productRows = Array.from({ length: productCount }, (_, i) => {
    const cat = cats[i % cats.length]!;
    // m counts the products of this category, so each one gets every name, maker and sub-category.
    const m = Math.floor(i / cats.length);
    const group = PRODUCT_GROUPS[cat.name] ?? PRODUCT_GROUPS.Generic!;
    const name = `${group.names[m % group.names.length]} ${(m % 50) + 1}`;
    const maker = group.makers[m % group.makers.length]!;
    const price = (9.9 + ((i * 131) % 2000) / 10).toFixed(2);
    return {
      name,
      vendor_code: 500_000 + i,
      ean: Number(ean13(704_000_000_000 + i * 13)),
      category_id: cat.id,
      sub_category: group.subs[m % group.subs.length]!,
      manufacturer: maker,
      main_last_price: price,
      provider_name: `${maker} Norge AS`,
      tax: i % 2 ? 15 : 25,
      container_deposit: name.includes('0,5L') ? 2 : 0,
      price_per_item: price,
      item_plan_bu_grp: `BU-${(i % 12) + 1}`,
      locally_owned: i % 5 === 0 ? 'Ja' : 'Nei',
      selling_type: i % 4 === 0 ? 'Kampanje' : 'Standard',
      provider_item_ean: ean13(704_100_000_000 + i * 17),
      provider_item_name: `${name} (${maker})`,
      provider_item_pack_qty: [6, 12, 24][i % 3]!,
      provider_item_vendor_code: String(800_000 + i),
      latest_price: price,
      status: i % 23 !== 0,
      // Most products say what they hold, for a price sign's unit price (issue 34); every fourth does not.
      ...(i % 4 === 3 ? {} : name.includes('0,5L') ? { net_quantity: '0.5', net_unit: 'l' } : { net_quantity: String(100 * ((i % 10) + 1)), net_unit: 'g' }),
    };
  });
  for (let i = 0; i < productRows.length; i += 500) await db.insert(products).values(productRows.slice(i, i + 500));

  await db.insert(designs).values(
    cats.flatMap((c) => [
      { name: `${c.name} kampanjeplakat`, category_id: c.id },
      { name: `${c.name} hyllestripe`, category_id: c.id },
    ]),
  );
  await seedSignTemplate(db, cats, admin?.id ?? null);
}

/** One price-sign template (decision 043): "Prisskilt A4" of Food, version 1. */
async function seedSignTemplate(db: DbOrTx, cats: { id: number; name: string }[], authorId: number | null) {
  const food = cats.find((c) => c.name === 'Food');
  if (!food) return;
  const [design] = await db.insert(designs).values({ name: 'Prisskilt A4', category_id: food.id }).returning({ id: designs.id });
  const field = (id: string, kind: string, y: number, height: number, size: number, over: object = {}) => ({
    id, kind, x: 10, y, width: 190, height, font: 'sans', size, min_size: Math.max(6, Math.round(size / 2)), color: [0, 0, 0, 100], align: 'left', locked: true, text: '', ...over,
  });
  const layout = {
    width_mm: 210,
    height_mm: 297,
    bleed_mm: 3,
    safe_mm: 5,
    background_file_id: null,
    fields: [
      field('name', 'name', 15, 25, 36, { font: 'sans-bold' }),
      field('manufacturer', 'manufacturer', 42, 12, 16),
      field('price', 'price', 70, 90, 140, { font: 'sans-bold', align: 'center', color: [0, 100, 100, 0] }),
      field('previous_price', 'previous_price', 165, 15, 18, { text: 'Før {value}' }),
      field('unit_price', 'unit_price', 185, 12, 14),
      field('deposit', 'deposit', 200, 10, 12, { text: '+ pant {value}' }),
      field('validity', 'validity', 215, 10, 12, { text: 'Gjelder til og med {value}' }),
      field('slogan', 'text', 230, 15, 20, { locked: false, text: 'Ukens tilbud', label: 'Slagord' }),
      field('ean', 'ean', 250, 35, 10, { width: 70 }),
    ],
  };
  await db.insert(signTemplates).values({ design_id: design!.id, current_version: 1 });
  await db.insert(signTemplateVersions).values({ design_id: design!.id, version: 1, layout, author_id: authorId });
}
