import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { DEMO_EMAILS, DEMO_PASSWORD, expect } from './fixtures';

export const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

export async function apiToken(request: APIRequestContext, role: keyof typeof DEMO_EMAILS): Promise<string> {
  return (await apiSession(request, role)).token;
}

export async function apiSession(request: APIRequestContext, role: keyof typeof DEMO_EMAILS): Promise<{ token: string; id: number }> {
  const res = await request.post('/api/auth/login', { form: { email: DEMO_EMAILS[role], password: DEMO_PASSWORD } });
  expect(res.status()).toBe(200);
  const data = (await res.json()).data;
  return { token: data.bearerToken, id: data.mergedUserData.id };
}

export interface ProofDesign {
  promotion_id: number;
  surface_id: number;
  id: number;
  chat_id: number;
  surface_size: string;
}

export const designUrl = (d: ProofDesign) => `/promotion-design?prom_id=${d.promotion_id}&sur_id=${d.surface_id}&prom_sur_des_id=${d.id}`;

/**
 * A promotion of its own with one Fuel design (a category cm@demo.no manages) on a surface of
 * `size`, in status Approved so HQ and LQ files may be sent: no other spec reads it.
 */
export async function proofDesign(request: APIRequestContext, admin: string, name: string, size = 'H50 x W70', printerId?: number): Promise<ProofDesign> {
  const headers = auth(admin);
  const promo = await request.post('/api/promotions', { form: { name, period_from: '2031-03-01', period_to: '2031-03-31' }, headers });
  expect(promo.status(), await promo.text()).toBe(201);
  const promotion_id = (await promo.json()).data.promotion.id as number;
  const surfaces = (await (await request.get('/api/surfaces', { params: { count_show: 100 }, headers })).json()).data.surfaces as { id: number; size_surface: string; printer_id: number | null }[];
  const surface = surfaces.find((s) => s.size_surface === size && (printerId ? s.printer_id === printerId : s.printer_id !== null))!;
  expect(surface, size).toBeTruthy();
  const designs = (await (await request.get('/api/designs', { params: { count_show: 100 }, headers })).json()).data.designs as { id: number; name: string; category: { name: string } }[];
  // A seeded Fuel design: one another test made into a price-sign template fits only its own size.
  const fuel = designs.find((d) => d.category.name === 'Fuel' && d.name.startsWith('Fuel '));
  expect(fuel, 'a Fuel design').toBeTruthy();
  expect((await request.post('/api/promotion-surfaces', { form: { promotion_id, surface_id: surface.id }, headers })).status()).toBeLessThan(300);
  const added = await request.post('/api/promotion-surface-design', { form: { promotion_id, surface_id: surface.id, design_id: fuel!.id }, headers });
  expect(added.status(), await added.text()).toBeLessThan(300);
  const id = (await added.json()).data.id as number;
  expect((await request.put(`/api/promotion-surface-design/${id}`, { form: { status: 'Approved' }, headers })).status()).toBe(200);
  const page = await request.get('/api/promotion-surface-design/get-promotion-surface-design', { params: { promotion_id, surface_id: surface.id, surface_design_id: id }, headers });
  const chat_id = (await page.json()).data.chat_id as number;
  return { promotion_id, surface_id: surface.id, id, chat_id, surface_size: size };
}

/** A solid PNG of `width` × `height` in one colour. */
export const solidPng = (width: number, height: number, background: string) => sharp({ create: { width, height, channels: 3, background } }).png().toBuffer();

/** Sends a file to the design's chat through the upload step, as `type` (Sketch, HQ, LQ). */
export async function sendFile(request: APIRequestContext, token: string, chatId: number, name: string, buffer: Buffer, type: 'Sketch' | 'HQ' | 'LQ', text = '') {
  const upload = await request.post('/api/files/upload?kind=any', { multipart: { file: { name, mimeType: 'application/octet-stream', buffer } }, headers: auth(token) });
  expect(upload.status(), await upload.text()).toBe(201);
  const file_id = (await upload.json()).data.file_id as number;
  const sent = await request.post('/api/design-chat', { form: { chat_id: chatId, file_id, type_file: type, text }, headers: auth(token) });
  expect(sent.status(), await sent.text()).toBe(201);
  return (await sent.json()).data.message as { id: number; message_id: number };
}

/** The chat message that carries this file name. */
export const messageWithFile = (page: Page, name: string) =>
  page.getByTestId('design-chat').getByTestId('chat-message').filter({ has: page.getByRole('link', { name }) });
