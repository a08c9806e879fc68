import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { chatChannel, type ChatEventPayload } from '@promo/shared';
import { DEMO_PASSWORD } from '../../db/seed/demo';
import { designFixture, uploadFile, userId, type DesignFixture } from '../../test/design-fixture';
import { pngImage } from '../../test/images';
import { connect, disconnectAll, listen, next, participant, processOnRedis, record } from '../../test/sockets';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 180_000);
afterAll(async () => {
  disconnectAll();
  await t?.close();
});

describe('Socket.IO channels on one instance', () => {
  let url: string;
  let admin: string;
  let designer: string;
  let cm: string;
  let cm2: string; // manages Store, not Fuel
  let ids: Record<'admin' | 'designer' | 'cm' | 'cm2', number>;
  let d: DesignFixture;
  beforeAll(async () => {
    url = await listen(t.app);
    [admin, designer, cm, cm2] = await Promise.all([t.login('admin'), t.login('designer'), t.login('cm'), t.loginAs('cm2@demo.no', DEMO_PASSWORD)]);
    ids = { admin: await userId(t, admin), designer: await userId(t, designer), cm: await userId(t, cm), cm2: await userId(t, cm2) };
    d = await designFixture(t, admin);
  });

  it('refuses a connection without a token or with an invalid one', async () => {
    for (const token of [undefined, '', 'not-a-token', 'x'.repeat(500)]) {
      await expect(connect(url, token), String(token).slice(0, 20)).rejects.toThrow('unauthenticated');
    }
    const gone = await t.login('designer');
    await t.form('POST', '/api/auth/logout', undefined, gone);
    await expect(connect(url, gone)).rejects.toThrow('unauthenticated');
  });

  it('a socket may subscribe only to its own channel', async () => {
    const socket = await connect(url, designer);
    expect(await socket.timeout(1000).emitWithAck('subscribe', chatChannel(ids.admin))).toEqual({ ok: false, error: 'forbidden' });
    expect(await socket.timeout(1000).emitWithAck('subscribe', 'chat_user_x')).toMatchObject({ ok: false });
    expect(await socket.timeout(1000).emitWithAck('subscribe', chatChannel(ids.designer))).toEqual({ ok: true });
  });

  it('a message reaches every participant within a second and no cm of another category', async () => {
    const [a, des, c, outsider] = await Promise.all([
      participant(url, admin, ids.admin),
      participant(url, designer, ids.designer),
      participant(url, cm, ids.cm),
      participant(url, cm2, ids.cm2),
    ]);
    const outsiderSeen = record(outsider);
    const text = `Hei ${Math.random()}`;
    const arrivals = [a, des, c].map((s) => next(s, 'AddNewMessageEvent', (p) => p.message.text === text));
    const res = await t.form('POST', '/api/design-chat', { chat_id: d.chatId, text }, admin);
    expect(res.statusCode).toBe(201);
    for (const payload of await Promise.all(arrivals)) {
      expect(payload).toMatchObject({ chat_id: d.chatId, message: { text, sender_id: ids.admin, message_id: res.json().data.message.message_id } });
    }
    await new Promise((r) => setTimeout(r, 200));
    expect(outsiderSeen).toEqual([]);
  });

  it('the event carries the message as the chat lists it, images and replies included', async () => {
    const des = await participant(url, designer, ids.designer);
    const file_id = await uploadFile(t, designer, 'skisse.png', await pngImage(), 'image');
    const arrived = next(des, 'AddNewMessageEvent', (p) => p.message.file_name === 'skisse.png');
    const res = await t.form('POST', '/api/design-chat', { chat_id: d.chatId, file_id, type_file: 'Sketch', text: 'Se', comment_mess_id: 1 }, designer);
    expect(res.statusCode, res.body).toBe(201);
    const { message } = await arrived;
    const listed = (await t.form('GET', '/api/design-chat', { chat_id: d.chatId }, admin)).json().data.chat.messages;
    expect(message).toEqual(listed.find((m: { id: number }) => m.id === message.id));
    expect(message).toEqual(res.json().data.message);
    expect(message).toMatchObject({ sender_name: 'Sofie Designer', comment_mess_id: 1, url_images: { w_500: expect.any(String) } });
  });

  it('an edit, a delete and a read go out as UpdateMessageEvent and WhoReadEvent', async () => {
    const [a, c] = await Promise.all([participant(url, admin, ids.admin), participant(url, cm, ids.cm)]);
    const sent = (await t.form('POST', '/api/design-chat', { chat_id: d.chatId, text: 'Utkast' }, designer)).json().data.message;
    const match = (p: ChatEventPayload) => p.message.id === sent.id;

    const edited = next(c, 'UpdateMessageEvent', match);
    await t.form('POST', '/api/design-chat/update-message', { chat_id: d.chatId, message_id: sent.message_id, text: 'Endelig' }, designer);
    expect((await edited).message).toMatchObject({ text: 'Endelig', update_message: true });

    const read = next(a, 'WhoReadEvent', match);
    expect((await t.form('POST', '/api/design-chat/set-read-status-messages', { chat_id: d.chatId }, cm)).json().data.read).toBeGreaterThan(0);
    expect((await read).message.who_read_messages).toContain(ids.cm);

    const removed = next(a, 'UpdateMessageEvent', match);
    await t.form('GET', '/api/design-chat/delete-message', { chat_id: d.chatId, message_id: sent.message_id }, designer);
    expect((await removed).message).toMatchObject({ delete_message: true, text: '' });
  });

  it('signing out disconnects the sockets of that session at once, and only those', async () => {
    const session = await t.login('designer');
    const ending = await participant(url, session, ids.designer);
    const staying = await participant(url, designer, ids.designer);
    const closed = new Promise((resolve) => ending.once('disconnect', resolve));
    expect((await t.form('POST', '/api/auth/logout', undefined, session)).statusCode).toBe(200);
    await closed;
    expect(staying.connected).toBe(true);
    // The minute's check finds nothing left to drop.
    expect(await t.app.realtime.dropEndedSessions()).toBe(0);
  });

  it('a socket that did not subscribe receives nothing', async () => {
    const idle = await connect(url, admin);
    const seen = record(idle);
    const watcher = await participant(url, admin, ids.admin);
    const arrived = next(watcher, 'AddNewMessageEvent', (p) => p.message.text === 'Stille');
    await t.form('POST', '/api/design-chat', { chat_id: d.chatId, text: 'Stille' }, admin);
    await arrived;
    expect(seen).toEqual([]);
  });
});

describe('two processes through Redis', () => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  let urlA: string;
  let urlB: string;
  beforeAll(async () => {
    [a, b] = await Promise.all([processOnRedis(t), processOnRedis(t)]);
    [urlA, urlB] = await Promise.all([listen(a), listen(b)]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  it('a socket on instance A receives a message sent through instance B, and the other way round', async () => {
    const admin = await t.login('admin');
    const designer = await t.login('designer');
    const d = await designFixture(t, admin);
    const onA = await participant(urlA, designer, await userId(t, designer));
    const onB = await participant(urlB, admin, await userId(t, admin));
    const post = (app: FastifyInstance, text: string, token: string) =>
      app.inject({ method: 'POST', url: '/api/design-chat', payload: { chat_id: d.chatId, text }, headers: { authorization: token } });

    const text = `Via B ${Math.random()}`;
    const arrived = next(onA, 'AddNewMessageEvent', (p) => p.message.text === text);
    const res = await post(b, text, admin);
    expect(res.statusCode, res.body).toBe(201);
    expect((await arrived).chat_id).toBe(d.chatId);

    const back = `Via A ${Math.random()}`;
    const returned = next(onB, 'AddNewMessageEvent', (p) => p.message.text === back);
    expect((await post(a, back, designer)).statusCode).toBe(201);
    expect((await returned).message.sender_id).toBe(await userId(t, designer));
  });
});
