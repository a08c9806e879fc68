import { Readable } from 'node:stream';
import sharp from 'sharp';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { briefFiles, briefProducts, chatMessages, chats, designs, files, messageReads, products, promotionSurfaceDesigns, users } from '../schema';
import type { Storage } from '../../lib/storage';
import { makeRenditions } from '../../lib/images';
import { storeUpload } from '../../lib/uploads';
import { liveFileOfType, replaceMessages } from '../../modules/chat/messages';

/** A sketch or print file picture: a poster layout in the design's colours, made with sharp. */
async function poster(seed: number, width: number): Promise<Buffer> {
  const hue = (seed * 67) % 360;
  const h = Math.round(width * 1.4);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${h}">
    <rect width="${width}" height="${h}" fill="hsl(${hue},70%,92%)"/>
    <rect x="${width * 0.08}" y="${h * 0.06}" width="${width * 0.84}" height="${h * 0.18}" rx="12" fill="hsl(${hue},75%,40%)"/>
    <circle cx="${width / 2}" cy="${h * 0.5}" r="${width * 0.22}" fill="hsl(${(hue + 40) % 360},80%,55%)"/>
    <rect x="${width * 0.2}" y="${h * 0.78}" width="${width * 0.6}" height="${h * 0.1}" rx="10" fill="#d7263d"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

/** A one-page PDF with a title: enough for a print file in the demo. */
function minimalPdf(title: string): Buffer {
  const text = `BT /F1 24 Tf 72 720 Td (${title.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

type Who = { admin: number; designer: number; cm: number; cmAdmin: number };
type Draft = { sender: number; text?: string; image?: { name: string; width: number; type: 'Sketch' | 'HQ' | 'LQ' }; pdf?: string; reply?: number; rating?: number; readBy: number[] };

const BRIEF_TEXTS = {
  description: '<p>Fremhev tilbudet tydelig. Bruk kampanjefargene og produktbildet fra leverandøren.</p>',
  additional_description: 'Logo nederst til høyre. Ingen priser på plakater for kiosker uten kasse.',
};

/** The conversation of a design, by its status: sketches and ratings once work has started, print files when complete. */
function conversation(status: string, w: Who, seed: number): Draft[] {
  const brief: Draft[] = [
    { sender: w.cm, text: 'Hei! Briefen er klar, se filene og produktene til høyre.', readBy: [w.designer, w.admin] },
    { sender: w.designer, text: 'Takk, jeg ser på den i dag.', readBy: [w.cm] },
  ];
  if (status === 'Created') return [];
  if (status === 'Brief') return brief;
  const sketches: Draft[] = [
    ...brief,
    { sender: w.designer, text: 'Første skisse.', image: { name: `skisse-${seed}-1.jpg`, width: 420, type: 'Sketch' }, rating: 2, readBy: [w.cm, w.admin] },
    { sender: w.cm, text: 'Større produktbilde, og rødt banner nederst.', reply: 3, readBy: [w.designer] },
    { sender: w.designer, text: 'Ny versjon.', image: { name: `skisse-${seed}-2.jpg`, width: 420, type: 'Sketch' }, rating: status === 'Correction' ? undefined : 3, readBy: status === 'Correction' ? [] : [w.cm] },
  ];
  if (status !== 'Completed') return sketches;
  return [
    ...sketches,
    { sender: w.designer, text: 'Trykkfil som PDF.', pdf: `trykk-${seed}-hq.pdf`, readBy: [w.cm] },
    { sender: w.designer, image: { name: `trykk-${seed}-lq.jpg`, width: 500, type: 'LQ' }, readBy: [w.cm] },
    { sender: w.designer, text: 'Trykkfil (HQ), erstatter PDF-en.', image: { name: `trykk-${seed}-hq.jpg`, width: 900, type: 'HQ' }, readBy: [w.cm, w.cmAdmin] },
    { sender: w.cmAdmin, text: 'Godkjent, sendes til trykk.', readBy: [w.designer] },
  ];
}

async function storeBuffer(db: DbOrTx, storage: Storage, name: string, bytes: Buffer, userId: number) {
  return storeUpload(db, storage, { name, stream: Readable.from([bytes]), kind: 'any', userId });
}

/** Briefs, brief files and products, and chats with sketches, ratings, print files and read receipts. */
export async function seedDesignChats(db: DbOrTx, storage: Storage) {
  const people = await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, ['admin@demo.no', 'designer@demo.no', 'cm@demo.no', 'cm-admin@demo.no']));
  const id = (email: string) => people.find((p) => p.email === email)!.id;
  const who: Who = { admin: id('admin@demo.no'), designer: id('designer@demo.no'), cm: id('cm@demo.no'), cmAdmin: id('cm-admin@demo.no') };

  const psds = await db
    .select({ id: promotionSurfaceDesigns.id, status: promotionSurfaceDesigns.status, category_id: designs.category_id, chat_id: chats.id })
    .from(promotionSurfaceDesigns)
    .innerJoin(designs, eq(designs.id, promotionSurfaceDesigns.design_id))
    .innerJoin(chats, eq(chats.psd_id, promotionSurfaceDesigns.id))
    .where(ne(promotionSurfaceDesigns.status, 'Created'))
    .orderBy(asc(promotionSurfaceDesigns.id));

  for (const [n, psd] of psds.entries()) {
    await db
      .update(promotionSurfaceDesigns)
      .set({ ...BRIEF_TEXTS, designer_id: who.designer, color: 'Gull', supplier_discount: '10%', plu_scan: 'Scan', promotional_offer: 49, need_for_price: true, sub_title: 'Kun denne uken' })
      .where(eq(promotionSurfaceDesigns.id, psd.id));
    const chosen = await db.select({ id: products.id }).from(products).where(eq(products.category_id, psd.category_id)).orderBy(asc(products.id)).limit(2);
    if (chosen.length) await db.insert(briefProducts).values(chosen.map((p) => ({ psd_id: psd.id, product_id: p.id })));
    const briefText = Buffer.from(`Brief for design ${psd.id}\n\nBudskap: Kun denne uken.\nFarger: gull og rødt.\n`, 'utf8');
    const upload = await storeBuffer(db, storage, `brief-${psd.id}.txt`, briefText, who.cm);
    const [bf] = await db.insert(briefFiles).values({ psd_id: psd.id, file_id: upload.id, uploaded_by: who.cm }).returning({ id: briefFiles.id });
    await db.update(files).set({ owner_table: 'brief_files', owner_id: bf!.id, variant: 'original' }).where(eq(files.id, upload.id));

    const drafts = conversation(psd.status, who, n + 1);
    for (const [i, d] of drafts.entries()) {
      const [message] = await db
        .insert(chatMessages)
        .values({ chat_id: psd.chat_id, message_id: i + 1, sender_id: d.sender, text: d.text ?? '', comment_mess_id: d.reply ?? null, rating_file: d.rating ?? null })
        .returning({ id: chatMessages.id });
      if (d.image) {
        const file = await storeBuffer(db, storage, d.image.name, await poster(n * 10 + i, d.image.width), d.sender);
        await makeRenditions(db, storage, file, ['original', 'w_500', 'w_200'], { table: 'chat_messages', id: message!.id });
        await db
          .update(chatMessages)
          .set({ file_id: file.id, file_name: file.original_name, file_size: file.size, type_extension: 'image', type_file: d.image.type })
          .where(eq(chatMessages.id, message!.id));
      }
      if (d.pdf) {
        const file = await storeBuffer(db, storage, d.pdf, minimalPdf(d.pdf), d.sender);
        await db.update(files).set({ owner_table: 'chat_messages', owner_id: message!.id, variant: 'original' }).where(eq(files.id, file.id));
        await db
          .update(chatMessages)
          .set({ file_id: file.id, file_name: file.original_name, file_size: file.size, type_extension: 'document', type_file: 'HQ' })
          .where(eq(chatMessages.id, message!.id));
      }
      // A file of a type replaces the current one of its type, as the chat does (decision 030).
      const type = d.image?.type ?? (d.pdf ? 'HQ' : null);
      if (type) await replaceMessages(db, and(liveFileOfType(psd.chat_id, type), ne(chatMessages.id, message!.id)), message!.id);
      if (d.readBy.length) await db.insert(messageReads).values(d.readBy.map((user_id) => ({ message_id: message!.id, user_id })));
    }
    if (drafts.length) await db.update(chats).set({ last_message_id: drafts.length }).where(and(eq(chats.id, psd.chat_id)));
  }
}
