import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PIN_EVENT, type PinEventPayload } from '@promo/shared';
import { DEMO_PASSWORD } from '../../db/seed/demo';
import { designFixture, userId } from '../../test/design-fixture';
import { pngImage } from '../../test/images';
import { pinned, sendFile } from '../../test/proofing-fixture';
import { disconnectAll, listen, next, participant, record } from '../../test/sockets';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 180_000);
afterAll(async () => {
  disconnectAll();
  await t?.close();
});

describe('pins live on the design page', () => {
  it('a pin placed, answered and resolved reaches two participants as PinEvent, and no cm of another category', async () => {
    const url = await listen(t.app);
    const [admin, designer, cm, cm2] = await Promise.all([t.login('admin'), t.login('designer'), t.login('cm'), t.loginAs('cm2@demo.no', DEMO_PASSWORD)]);
    const d = await designFixture(t, admin);
    const sketch = await sendFile(t, d, designer, 'skisse.png', await pngImage(), 'Sketch');
    const [onCm, onDesigner, outsider] = await Promise.all([
      participant(url, cm, await userId(t, cm)),
      participant(url, designer, await userId(t, designer)),
      participant(url, cm2, await userId(t, cm2)),
    ]);
    const outsiderSeen = record(outsider);
    const arrivals = (match: (p: PinEventPayload) => boolean) => Promise.all([onCm, onDesigner].map((s) => next<PinEventPayload>(s, PIN_EVENT, match)));

    const placed = arrivals((p) => p.pin.text === 'Større pris');
    const pin = await pinned(t, d, { message_id: sketch.message_id, x: 0.25, y: 0.75, text: 'Større pris' }, cm);
    for (const payload of await placed) expect(payload).toEqual({ chat_id: d.chatId, pin });

    const answered = arrivals((p) => p.pin.id === pin.id && p.pin.replies.length === 1);
    const reply = await t.form('POST', `/api/design-chat/pins/${pin.id}/replies`, { text: 'Fikset' }, designer);
    for (const payload of await answered) expect(payload.pin).toEqual(reply.json().data.pin);

    const resolved = arrivals((p) => p.pin.id === pin.id && p.pin.status === 'resolved');
    await t.form('POST', `/api/design-chat/pins/${pin.id}/status`, { status: 'resolved' }, cm);
    for (const payload of await resolved) expect(payload.pin).toMatchObject({ resolved_by_name: 'Lars Kategorisjef', replies: [{ text: 'Fikset' }] });

    await new Promise((r) => setTimeout(r, 200));
    expect(outsiderSeen).toEqual([]);
  });
});
