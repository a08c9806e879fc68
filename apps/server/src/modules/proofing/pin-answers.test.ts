import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { filePins } from '../../db/schema';
import { designFixture, type DesignFixture } from '../../test/design-fixture';
import { pngImage } from '../../test/images';
import { expectRefused } from '../../test/object-access-fixture';
import { listPins, pinned, pinRows, sendFile } from '../../test/proofing-fixture';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: string;
let cm: string;
let designer: string;
beforeAll(async () => {
  t = await createTestApp();
  [admin, cm, designer] = await Promise.all([t.login('admin'), t.login('cm'), t.login('designer')]);
}, 180_000);
afterAll(() => t?.close());

/** A Fuel design with a designer's Sketch image: returns the design and the image's message number. */
async function sketched(): Promise<DesignFixture & { sketch: number }> {
  const d = await designFixture(t, admin);
  const m = await sendFile(t, d, designer, 'skisse.png', await pngImage(), 'Sketch');
  return { ...d, sketch: m.message_id };
}

describe('answering, resolving and reopening', () => {
  it('replies in order; resolve records who and when, reopen clears them; a second resolve changes nothing', async () => {
    const d = await sketched();
    const pin = await pinned(t, d, { message_id: d.sketch, x: 0.3, y: 0.3, text: 'Logoen er for liten' }, cm);
    const reply = (text: string, token: string) => t.form('POST', `/api/design-chat/pins/${pin.id}/replies`, { text }, token);
    const status = (value: string, token: string) => t.form('POST', `/api/design-chat/pins/${pin.id}/status`, { status: value }, token);

    const answered = await reply(' Rettet i versjon 2. ', designer);
    expect(answered.statusCode, answered.body).toBe(201);
    expect(answered.json()).toMatchObject({ message_key: 'pin_reply_added' });
    await reply('Takk!', cm);
    const replies = (await listPins(t, d, admin))[0]!.replies;
    expect(replies.map((r) => [r.text, r.author_name])).toEqual([
      ['Rettet i versjon 2.', 'Sofie Designer'],
      ['Takk!', 'Lars Kategorisjef'],
    ]);

    const resolved = await status('resolved', cm);
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json().message_key).toBe('pin_resolved');
    expect(resolved.json().data.pin).toMatchObject({ status: 'resolved', resolved_by_name: 'Lars Kategorisjef', resolved_at: expect.any(String) });
    const again = await status('resolved', admin);
    expect(again.json().data.pin).toEqual(resolved.json().data.pin);

    const reopened = await status('open', designer);
    expect(reopened.json()).toMatchObject({ message_key: 'pin_reopened', data: { pin: { status: 'open', resolved_by_name: null, resolved_at: null } } });
    const [row] = await t.database.db.select().from(filePins).where(eq(filePins.id, pin.id));
    expect(row).toMatchObject({ status: 'open', resolved_by_id: null, resolved_at: null });
  });

  it('refuses an empty reply, an unknown status and unknown pins, changing nothing', async () => {
    const d = await sketched();
    const pin = await pinned(t, d, { message_id: d.sketch, x: 0.3, y: 0.3 }, cm);
    await expectRefused(
      () => pinRows(t, d),
      {
        'empty reply': () => t.form('POST', `/api/design-chat/pins/${pin.id}/replies`, { text: ' ' }, cm),
        'unknown status': () => t.form('POST', `/api/design-chat/pins/${pin.id}/status`, { status: 'closed' }, cm),
      },
      422,
    );
    expect((await t.form('POST', `/api/design-chat/pins/${pin.id}/status`, { status: 'done' }, cm)).json().errors).toEqual({ status: ['invalid_status'] });
    await expectRefused(
      () => pinRows(t, d),
      {
        reply: () => t.form('POST', '/api/design-chat/pins/999999999/replies', { text: 'Hei' }, cm),
        status: () => t.form('POST', '/api/design-chat/pins/999999999/status', { status: 'resolved' }, cm),
      },
      404,
    );
  });
});
