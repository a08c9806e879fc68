import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { filePins } from '../../db/schema';
import { DEMO_PASSWORD } from '../../db/seed/demo';
import { designFixture, userId, type DesignFixture } from '../../test/design-fixture';
import { jpegImage, pngImage } from '../../test/images';
import { expectRefused } from '../../test/object-access-fixture';
import { listPins, pdf, pinned, pinRows, placePin, sendFile } from '../../test/proofing-fixture';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: string;
let cm: string; // Fuel, Food, Food Outside
let cm2: string; // Store, Generic, ...
let cmAdmin: string;
let designer: string;
beforeAll(async () => {
  t = await createTestApp();
  [admin, cm, cm2, cmAdmin, designer] = await Promise.all([t.login('admin'), t.login('cm'), t.loginAs('cm2@demo.no', DEMO_PASSWORD), t.login('cm-admin'), t.login('designer')]);
}, 180_000);
afterAll(() => t?.close());

/** A Fuel design with a designer's Sketch image: returns the design and the image's message number. */
async function sketched(): Promise<DesignFixture & { sketch: number }> {
  const d = await designFixture(t, admin);
  const m = await sendFile(t, d, designer, 'skisse.png', await pngImage(), 'Sketch');
  return { ...d, sketch: m.message_id };
}

describe('placing pins', () => {
  it('a point and an area, numbered on their file, listed for every participant', async () => {
    const d = await sketched();
    const point = await pinned(t, d, { message_id: d.sketch, x: 0.42, y: '0.31', text: '  Prisen må stå større  ' }, designer);
    expect(point).toMatchObject({
      chat_id: d.chatId,
      message_id: d.sketch,
      number: 1,
      x: 0.42,
      y: 0.31,
      width: null,
      height: null,
      text: 'Prisen må stå større',
      status: 'open',
      author_id: await userId(t, designer),
      author_name: 'Sofie Designer',
      resolved_by_name: null,
      resolved_at: null,
      replies: [],
    });
    const area = await pinned(t, d, { message_id: d.sketch, x: 0.5, y: 0.5, width: 0.5, height: 0.25 }, cm);
    expect(area).toMatchObject({ number: 2, width: 0.5, height: 0.25, author_name: 'Lars Kategorisjef' });
    for (const token of [admin, cm, cmAdmin, designer]) expect(await listPins(t, d, token)).toEqual([point, area]);
    expect((await pinned(t, d, { message_id: d.sketch, x: 0, y: 1, text: 'Hjørnet' }, cmAdmin)).number).toBe(3);
  });

  it('a cm of another category, a printer, a station and the distributor are refused and nothing is stored', async () => {
    const d = await sketched();
    const pin = await pinned(t, d, { message_id: d.sketch, x: 0.1, y: 0.1 }, admin);
    const outsiders = { cm2, printer: await t.login('printer'), station: await t.login('user'), distributor: await t.login('distributor') };
    for (const [who, token] of Object.entries(outsiders)) {
      await expectRefused(
        () => pinRows(t, d),
        {
          [`${who} list`]: () => t.form('GET', '/api/design-chat/pins', { chat_id: d.chatId }, token),
          [`${who} place`]: () => placePin(t, d, { message_id: d.sketch, x: 0.2, y: 0.2, text: 'Nei' }, token),
          [`${who} reply`]: () => t.form('POST', `/api/design-chat/pins/${pin.id}/replies`, { text: 'Nei' }, token),
          [`${who} resolve`]: () => t.form('POST', `/api/design-chat/pins/${pin.id}/status`, { status: 'resolved' }, token),
          [`${who} versions`]: () => t.form('GET', '/api/design-chat/versions', { chat_id: d.chatId }, token),
        },
        403,
      );
    }
    await expectRefused(() => pinRows(t, d), { anonymous: () => placePin(t, d, { message_id: d.sketch, x: 0.2, y: 0.2, text: 'Nei' }, '') }, 401);
  });

  it('refuses points and areas outside the file, half an area and empty text, storing nothing', async () => {
    const d = await sketched();
    const refusals: [object, Record<string, string[]>][] = [
      [{ x: 1.2, y: 0.5 }, { x: ['between_0_and_1'] }],
      [{ x: 0.5, y: -0.1 }, { y: ['between_0_and_1'] }],
      [{ x: 'midt', y: 0.5 }, { x: expect.any(Array) }],
      [{ x: 0.5, y: 0.5, width: 0.2 }, { width: ['area_needs_width_and_height'] }],
      [{ x: 0.5, y: 0.5, height: 0.2 }, { width: ['area_needs_width_and_height'] }],
      [{ x: 0.8, y: 0.5, width: 0.3, height: 0.1 }, { width: ['area_outside_file'] }],
      [{ x: 0.1, y: 0.9, width: 0.1, height: 0.2 }, { width: ['area_outside_file'] }],
      [{ x: 0.1, y: 0.1, width: 0, height: 0.2 }, { width: ['area_outside_file'] }],
      [{ x: 0.5, y: 0.5, text: '   ' }, { text: ['required_field'] }],
      [{ x: 0.5, y: 0.5, text: 'x'.repeat(2001) }, { text: ['max_length'] }],
    ];
    await expectRefused(
      () => pinRows(t, d),
      Object.fromEntries(
        refusals.map(([body, errors], i) => [
          `case ${i}`,
          async () => {
            const res = await placePin(t, d, { message_id: d.sketch, text: 'Her', ...body }, designer);
            expect(res.json().errors, JSON.stringify(body)).toEqual(errors);
            return res;
          },
        ]),
      ),
      422,
    );
  });

  it('only images and PDFs take pins: a text or another document is refused, a deleted message is gone', async () => {
    const d = await sketched();
    const text = await t.form('POST', '/api/design-chat', { chat_id: d.chatId, text: 'Bare tekst' }, admin);
    const notes = await sendFile(t, d, designer, 'notater.txt', Buffer.from('Notater om kampanjen'));
    const brief = await sendFile(t, d, designer, 'Trykk.PDF', pdf());
    const photo = await sendFile(t, d, designer, 'foto.jpg', await jpegImage());
    const gone = await sendFile(t, d, designer, 'slettet.png', await pngImage(), 'Sketch');
    expect((await t.form('GET', '/api/design-chat/delete-message', { chat_id: d.chatId, message_id: gone.message_id }, designer)).statusCode).toBe(200);
    await expectRefused(
      () => pinRows(t, d),
      {
        text: () => placePin(t, d, { message_id: text.json().data.message.message_id, x: 0.5, y: 0.5, text: 'x' }, admin),
        txt: () => placePin(t, d, { message_id: notes.message_id, x: 0.5, y: 0.5, text: 'x' }, admin),
      },
      422,
    );
    const refused = await placePin(t, d, { message_id: notes.message_id, x: 0.5, y: 0.5, text: 'x' }, admin);
    expect(refused.json().errors).toEqual({ message_id: ['not_pinnable'] });
    await expectRefused(
      () => pinRows(t, d),
      {
        deleted: () => placePin(t, d, { message_id: gone.message_id, x: 0.5, y: 0.5, text: 'x' }, admin),
        unknown: () => placePin(t, d, { message_id: 999, x: 0.5, y: 0.5, text: 'x' }, admin),
        'unknown chat': () => t.form('POST', '/api/design-chat/pins', { chat_id: 999_999_999, message_id: d.sketch, x: 0.5, y: 0.5, text: 'x' }, admin),
      },
      404,
    );
    // A PDF (its first page) and a plain image attachment take pins, each numbered from 1.
    expect((await pinned(t, d, { message_id: brief.message_id, x: 0.5, y: 0.5 }, admin)).number).toBe(1);
    expect((await pinned(t, d, { message_id: photo.message_id, x: 0.5, y: 0.5 }, admin)).number).toBe(1);
  });

  it('twenty pins placed at once on one file get the numbers 1 to 20, each once', async () => {
    const d = await sketched();
    const tokens = [admin, cm, cmAdmin, designer];
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => placePin(t, d, { message_id: d.sketch, x: i / 20, y: 0.5, text: `Pin ${i}` }, tokens[i % tokens.length]!)),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    const numbers = results.map((r) => r.json().data.pin.number as number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const rows = await t.database.db.select().from(filePins).where(eq(filePins.chat_id, d.chatId));
    expect(rows.map((r) => r.number).sort((a, b) => a - b)).toEqual(numbers);
    expect((await listPins(t, d, admin)).map((p) => p.number)).toEqual(numbers);
  });
});
