import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { designFixture } from './design-fixture';
import { createTestApp, type TestApp } from './test-app';

// Issue 12: the promotion and brief descriptions are rich text, edited in the feedback editor and
// kept by the server through the feedback messages' allowlist.

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(() => t.close());

const dirty = '<p onclick="steal()">Hei <strong>alle</strong><script>alert(1)</script><img src=x onerror="steal()"></p><a href="javascript:steal()">lenke</a>';
const clean = '<p>Hei <strong>alle</strong></p><a rel="noopener noreferrer nofollow" target="_blank">lenke</a>';

describe('rich-text descriptions', () => {
  it('a brief description is stored without scripts, handlers or unsafe links', async () => {
    const d = await designFixture(t, admin);
    const res = await t.form('PUT', `/api/promotion-surface-design/${d.psdId}`, { description: dirty, additional_description: 'a < b' }, admin);
    expect(res.statusCode, res.body).toBe(200);
    const page = await t.form('GET', '/api/promotion-surface-design/get-promotion-surface-design', { promotion_id: d.promotionId, surface_id: d.surfaceId, surface_design_id: d.psdId }, admin);
    expect(page.json().data.data.description).toBe(clean);
    // The additional description stays plain text.
    expect(page.json().data.data.additional_description).toBe('a < b');
  });

  it('a promotion description is stored the same way, on create and on update', async () => {
    const created = await t.form('POST', '/api/promotions', { name: 'Rik tekst', period_from: '2031-01-01', period_to: '2031-02-01', description: dirty }, admin);
    expect(created.statusCode, created.body).toBe(201);
    const { id, description } = created.json().data.promotion;
    expect(description).toBe(clean);
    const updated = await t.form('PUT', `/api/promotions/${id}`, { description: '<h2 style="color:red">Tilbud</h2><iframe src="x"></iframe>' }, admin);
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data.promotion.description).toBe('<h2>Tilbud</h2>');
  });
});
