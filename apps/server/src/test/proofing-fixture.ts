import { expect } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import type { ChatFileType, ChatMessage, FilePin, FileVersion } from '@promo/shared';
import { filePinReplies, filePins } from '../db/schema';
import { uploadFile, type DesignFixture } from './design-fixture';
import type { TestApp } from './test-app';

export const pdf = () => Buffer.from(`%PDF-1.4\n${Math.random()}\n`);

/** A file sent to the design's chat through the upload step, as the web sends it. */
export async function sendFile(t: TestApp, d: DesignFixture, token: string, name: string, content: Buffer, type_file: ChatFileType = ''): Promise<ChatMessage> {
  const kind = /\.(png|jpe?g|tiff?)$/i.test(name) ? 'image' : undefined;
  const file_id = await uploadFile(t, token, name, content, kind);
  const res = await t.form('POST', '/api/design-chat', { chat_id: d.chatId, file_id, type_file }, token);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.message;
}

export const placePin = (t: TestApp, d: DesignFixture, body: object, token: string) =>
  t.form('POST', '/api/design-chat/pins', { chat_id: d.chatId, ...body }, token);

/** A pin placed, checked to be answered 201. */
export async function pinned(t: TestApp, d: DesignFixture, body: object, token: string): Promise<FilePin> {
  const res = await placePin(t, d, { text: 'Sjekk dette', ...body }, token);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.pin;
}

export async function listPins(t: TestApp, d: DesignFixture, token: string): Promise<FilePin[]> {
  const res = await t.form('GET', '/api/design-chat/pins', { chat_id: d.chatId }, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.pins;
}

export async function versions(t: TestApp, d: DesignFixture, token: string): Promise<FileVersion[]> {
  const res = await t.form('GET', '/api/design-chat/versions', { chat_id: d.chatId }, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.versions;
}

/** The pin and reply rows of the design's chat, to check that a refusal stored nothing. */
export async function pinRows(t: TestApp, d: DesignFixture) {
  const pins = await t.database.db.select().from(filePins).where(eq(filePins.chat_id, d.chatId)).orderBy(filePins.id);
  const replies = pins.length ? await t.database.db.select().from(filePinReplies).where(inArray(filePinReplies.pin_id, pins.map((p) => p.id))).orderBy(filePinReplies.id) : [];
  return { pins, replies };
}
