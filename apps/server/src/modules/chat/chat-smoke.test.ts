import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promotionSurfaceDesigns } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('smoke', () => {
  it('design page and chat', async () => {
    const admin = await t.login('admin');
    const [psd] = await t.database.db.select().from(promotionSurfaceDesigns).limit(1);
    const page = await t.form('GET', '/api/promotion-surface-design/get-promotion-surface-design', { promotion_id: psd!.promotion_id, surface_id: psd!.surface_id, surface_design_id: psd!.id }, admin);
    expect(page.statusCode, page.body).toBe(200);
    const chatId = page.json().data.chat_id;
    const sent = await t.form('POST', '/api/design-chat', { chat_id: chatId, text: 'Hei' }, admin);
    expect(sent.statusCode, sent.body).toBe(201);
    const designer = await t.login('designer');
    const read = await t.form('POST', '/api/design-chat/set-read-status-messages', { chat_id: chatId }, designer);
    expect(read.json().data.read).toBeGreaterThan(0);
    const chat = await t.form('GET', '/api/design-chat', { chat_id: chatId }, admin);
    expect(chat.json().data.chat.messages.at(-1)).toMatchObject({ text: 'Hei', update_message: false });
    const put = await t.form('PUT', `/api/promotion-surface-design/${psd!.id}`, { title: 'Ny tittel', promotional_offer: '' }, admin);
    expect(put.statusCode, put.body).toBe(200);
  });
});
