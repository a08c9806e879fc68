import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, inArray } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { chatChannel, feedback as feedbackContract, FEEDBACK_MESSAGE_EVENT, type FeedbackData, type FeedbackEventPayload, type FeedbackListItem } from '@promo/shared';
import { feedbackMessages, feedbackReads, feedbacks, users } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { createTestApp, uniqueEmail, type TestApp } from '../../test/test-app';
import { sanitizeRichText } from '../../lib/rich-text';

const PASSWORD = 'Start1234';
interface Person {
  id: number;
  token: string;
  name: string;
}

let t: TestApp;
let passwordHash: string;
let a: Person; // a station
let b: Person; // a printer
let c: Person; // a designer who is in no thread of a and b
let admin: Person;
let inactiveId: number;
let deletedId: number;
const sockets: Socket[] = [];

async function newUser(role: string, name: string, extra: { status?: boolean; deleted?: boolean } = {}): Promise<Person> {
  const email = uniqueEmail(role);
  const [u] = await t.database.db
    .insert(users)
    .values({ email, password_hash: passwordHash, name, surname: 'Test', role, status: extra.status ?? true, deleted_at: extra.deleted ? new Date() : null })
    .returning({ id: users.id });
  const token = extra.status === false || extra.deleted ? '' : await t.loginAs(email, PASSWORD);
  return { id: u!.id, token, name: `${name} Test` };
}

const list = (who: Person, query: object = {}) => t.form('GET', '/api/feedback-messages', { count_show: 100, start_index: 0, ...query }, who.token);
const create = (who: Person, body: object) => t.form('POST', '/api/feedback-messages', body, who.token);
const open = (who: Person, feedback_id: unknown) => t.form('GET', '/api/feedback-messages/get-feedback-data', { feedback_id }, who.token);
const reply = (who: Person, feedback_id: unknown, message: string) => t.form('POST', '/api/feedback-messages/add-message', { feedback_id, message }, who.token);
const threadsCount = async () => Number((await t.database.db.select({ n: count() }).from(feedbacks))[0]!.n);
const messagesCount = async () => Number((await t.database.db.select({ n: count() }).from(feedbackMessages))[0]!.n);

/** A new thread from `from` to `to`; its id. */
async function thread(from: Person, to: Person, message = '<p>Hei, dette er en test.</p>', title = 'Spørsmål om plakater') {
  const res = await create(from, { title, to_user_id: to.id, message });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}
const itemOf = (items: FeedbackListItem[], id: number) => items.find((f) => f.id === id);

beforeAll(async () => {
  t = await createTestApp();
  passwordHash = await hashPassword(PASSWORD);
  [a, b, c] = await Promise.all([newUser('user', 'Stasjon'), newUser('printer', 'Trykker'), newUser('designer', 'Tegner')]);
  inactiveId = (await newUser('cm', 'Inaktiv', { status: false })).id;
  deletedId = (await newUser('cm', 'Slettet', { deleted: true })).id;
  const adminToken = await t.login('admin');
  const [adminRow] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@demo.no'));
  admin = { id: adminRow!.id, token: adminToken, name: 'Ingrid Admin' };
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.close();
});

describe('feedback: initialization data', () => {
  it('lists the possible recipients: active users that are not deleted, without the caller', async () => {
    const res = await t.form('GET', '/api/feedback-messages/get-initialization-data', undefined, a.token);
    expect(res.statusCode).toBe(200);
    const people: { id: number; name: string }[] = res.json().data.users;
    expect(people).toContainEqual({ id: b.id, name: b.name });
    expect(people).toContainEqual({ id: c.id, name: c.name });
    const ids = people.map((u) => u.id);
    expect(ids).not.toContain(a.id);
    expect(ids).not.toContain(inactiveId);
    expect(ids).not.toContain(deletedId);
    expect(Object.keys(people[0]!).sort()).toEqual(['id', 'name']);
    expect((await t.form('GET', '/api/feedback-messages/get-initialization-data')).statusCode).toBe(401);
  });
});

describe('feedback: create', () => {
  it('starts a thread with its first message for every role', async () => {
    const res = await create(a, { title: '  Plakat mangler  ', to_user_id: String(b.id), message: '<p>Hei <strong>du</strong></p>' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'success', message: 'The feedback was sent', message_key: 'feedback_created' });
    const id = res.json().data.id;
    const [row] = await t.database.db.select().from(feedbacks).where(eq(feedbacks.id, id));
    expect(row).toMatchObject({ title: 'Plakat mangler', from_user_id: a.id, to_user_id: b.id });
    const stored = await t.database.db.select().from(feedbackMessages).where(eq(feedbackMessages.feedback_id, id));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ sender_id: a.id, text: '<p>Hei <strong>du</strong></p>' });
  });

  it('refuses bad input with the field error and stores nothing', async () => {
    const good = { title: 'En tittel', to_user_id: b.id, message: '<p>God melding</p>' };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ title: '' }, 'title', 'required_field'],
      [{ title: '   ' }, 'title', 'required_field'],
      [{ title: 'A' }, 'title', 'min_2_chars'],
      [{ title: 'x'.repeat(256) }, 'title', 'max_length'],
      [{ to_user_id: '' }, 'to_user_id', 'required_field'],
      [{ to_user_id: undefined }, 'to_user_id', 'required_field'],
      [{ to_user_id: 'abc' }, 'to_user_id', 'recipient_not_found'],
      [{ to_user_id: 2_000_000_000 }, 'to_user_id', 'recipient_not_found'],
      [{ to_user_id: inactiveId }, 'to_user_id', 'recipient_not_found'],
      [{ to_user_id: deletedId }, 'to_user_id', 'recipient_not_found'],
      [{ to_user_id: a.id }, 'to_user_id', 'recipient_is_you'],
      [{ message: '' }, 'message', 'required_field'],
      [{ message: undefined }, 'message', 'required_field'],
      [{ message: '<p> &nbsp; </p>' }, 'message', 'required_field'],
      [{ message: '<p><br></p><p>&#160;</p>' }, 'message', 'required_field'],
      [{ message: '<p>a</p>' }, 'message', 'min_2_chars'],
      [{ message: '<p>&nbsp;a&nbsp;</p>' }, 'message', 'min_2_chars'],
      // Nothing is left once the script is removed on the server.
      [{ message: '<script>alert("hei")</script><textarea>tekst</textarea>' }, 'message', 'required_field'],
      [{ message: `<p>${'x'.repeat(50_001)}</p>` }, 'message', 'max_length'],
    ];
    const before = [await threadsCount(), await messagesCount()];
    for (const [change, field, key] of cases) {
      const body = Object.fromEntries(Object.entries({ ...good, ...change }).filter(([, v]) => v !== undefined));
      const res = await create(a, body);
      expect(res.statusCode, JSON.stringify(change).slice(0, 80)).toBe(422);
      // The first error of the field is the one the form shows.
      expect(res.json().errors[field]?.[0], JSON.stringify(res.json().errors)).toBe(key);
    }
    expect([await threadsCount(), await messagesCount()]).toEqual(before);
    expect((await t.form('POST', '/api/feedback-messages', good)).statusCode).toBe(401);
  });

  it('stores the HTML sanitized: no script, no event handler, no javascript: link, links open safely', async () => {
    const dirty = [
      '<p>Hei <b>fet</b> <i>kursiv</i> <u>under</u> <s>over</s></p>',
      '<script>window.__xss=1</script>',
      '<img src=x onerror="window.__xss=1">',
      '<p onclick="window.__xss=1" style="color:red">klikk</p>',
      '<a href="javascript:window.__xss=1">js</a>',
      '<a href="JaVaScRiPt&colon;alert(1)">js2</a>',
      '<a href=" javascript:alert(1)">js3</a>',
      '<a href="data:text/html;base64,PHNjcmlwdD4=">data</a>',
      '<a href="https://example.no/side" target="_self" onmouseover="x()">trygg</a>',
      '<a href="mailto:post@example.no">post</a>',
      '<a href="/api/users">relativ</a><a href="//evil.example/x">skjemaløs</a>',
      '<iframe src="https://evil.example"></iframe><svg><script>alert(1)</script></svg><style>p{}</style>',
      '<ul><li>en</li><li>to</li></ul><ol><li>tre</li></ol><blockquote>sitat</blockquote><pre><code>kode</code></pre><h2>Overskrift</h2>',
    ].join('');
    const id = await thread(a, b, dirty);
    const [stored] = await t.database.db.select().from(feedbackMessages).where(eq(feedbackMessages.feedback_id, id));
    const text = stored!.text;
    for (const bad of ['/api/users', 'evil.example', '<script', 'onerror', 'onclick', 'onmouseover', 'javascript:', 'JaVaScRiPt', 'data:', '<img', '<iframe', '<svg', '<style', 'style=', '_self', 'window.__xss']) {
      expect(text, bad).not.toContain(bad);
    }
    expect(text).toContain('<p>Hei <strong>fet</strong> <em>kursiv</em> <u>under</u> <s>over</s></p>');
    expect(text).toMatch(/<a href="https:\/\/example\.no\/side"[^>]*>trygg<\/a>/);
    expect(text).toMatch(/<a href="mailto:post@example\.no"[^>]*>post<\/a>/);
    const anchors = text.match(/<a\b[^>]*>/g)!;
    expect(anchors).toHaveLength(8);
    for (const anchor of anchors) {
      expect(anchor).toContain('target="_blank"');
      expect(anchor).toContain('rel="noopener noreferrer nofollow"');
      expect(anchor.replace(/ (href|target|rel)="[^"]*"/g, '')).toBe('<a>');
    }
    expect(text).toContain('<ul><li>en</li><li>to</li></ul><ol><li>tre</li></ol><blockquote>sitat</blockquote><pre><code>kode</code></pre><h2>Overskrift</h2>');
    // What get-feedback-data hands out is the stored row.
    const data: FeedbackData = (await open(b, id)).json().data;
    expect(data.feedback.messages[0]!.text).toBe(text);
    // The same sanitizer again changes nothing: what is stored is already clean.
    expect(sanitizeRichText(text)).toBe(text);
  });
});

describe('feedback: list', () => {
  it('shows the caller its own threads with preview, time and unread flag, newest activity first, paged', async () => {
    const x = await newUser('cm', 'Liste');
    const y = await newUser('distributor', 'Mottaker');
    const long = `<p>${'Æ'.repeat(150)} <strong>${'b'.repeat(100)}</strong></p>`;
    const first = await thread(x, y, '<p>Første</p>', 'Første tråd');
    const second = await thread(y, x, long, 'Andre tråd');
    const third = await thread(x, y, '<p>Tredje &amp; siste</p>', 'Tredje tråd');

    const mine = (await list(x)).json().data;
    expect(mine.total).toBe(3);
    expect(mine.feedbacks.map((f: FeedbackListItem) => f.id)).toEqual([third, second, first]);
    const item = itemOf(mine.feedbacks, second)!;
    expect(item.preview).toHaveLength(200);
    expect(item.preview).toBe(`${'Æ'.repeat(150)} ${'b'.repeat(49)}`);
    expect(item).toMatchObject({ title: 'Andre tråd', unread: true, last_sender_id: y.id, from_user: { id: y.id, name: y.name, roles: [{ name: 'distributor' }] }, to_user: { id: x.id, roles: [{ name: 'cm' }] } });
    expect(new Date(item.last_message_date).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(itemOf(mine.feedbacks, third)).toMatchObject({ preview: 'Tredje & siste', unread: false });

    // A reply moves the oldest thread to the top; reading it clears the flag.
    expect((await reply(y, first, '<p>Svar</p>')).statusCode).toBe(200);
    const after = (await list(x)).json().data.feedbacks as FeedbackListItem[];
    expect(after.map((f) => f.id)).toEqual([first, third, second]);
    expect(after[0]).toMatchObject({ preview: 'Svar', unread: true });
    await open(x, first);
    expect(itemOf((await list(x)).json().data.feedbacks, first)!.unread).toBe(false);
    expect(itemOf((await list(y)).json().data.feedbacks, first)!.unread).toBe(false);

    const page1 = (await list(x, { count_show: 2, start_index: 0 })).json().data;
    const page2 = (await list(x, { count_show: 2, start_index: 2 })).json().data;
    expect(page1.feedbacks.map((f: FeedbackListItem) => f.id)).toEqual([first, third]);
    expect(page2).toEqual({ total: 3, feedbacks: [expect.objectContaining({ id: second })] });

    // A third user sees none of them; an admin sees all, never flagged unread.
    const outsider = await newUser('user', 'Utenfor');
    expect((await list(outsider)).json().data).toEqual({ feedbacks: [], total: 0 });
    const all = (await list(admin, { count_show: 100 })).json().data;
    for (const id of [first, second, third]) expect(itemOf(all.feedbacks, id)).toMatchObject({ unread: false });

    for (const bad of [{ count_show: 0 }, { count_show: 101 }, { count_show: 'x' }, { start_index: -1 }]) {
      expect((await list(x, bad)).statusCode, JSON.stringify(bad)).toBe(422);
    }
    expect((await t.form('GET', '/api/feedback-messages')).statusCode).toBe(401);
  });
});

describe('feedback: a thread', () => {
  it('gives the thread with both users and the messages, and marks the other participant’s messages read', async () => {
    const id = await thread(a, b, '<p>Første melding</p>', 'Lesetest');
    const res = await open(b, id);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'success', message_key: 'feedback' });
    const data: FeedbackData = body.data;
    expect(data.feedback).toMatchObject({
      id,
      title: 'Lesetest',
      from_user: { id: a.id, name: a.name, roles: [{ name: 'user' }] },
      to_user: { id: b.id, name: b.name, roles: [{ name: 'printer' }] },
    });
    expect(data.feedback.messages).toEqual([
      { id: expect.any(Number), text: '<p>Første melding</p>', sender_id: a.id, who_read_messages: [b.id], create_date: expect.any(String) },
    ]);
    expect(new Date(data.feedback.messages[0]!.create_date).toISOString()).toBe(data.feedback.messages[0]!.create_date);
    expect(data.users).toEqual(expect.arrayContaining([{ id: a.id, name: a.name }, { id: b.id, name: b.name }]));
    // The sender opening its own thread does not read its own message; opening twice stores one read.
    await open(a, id);
    await open(b, id);
    const reads = await t.database.db.select().from(feedbackReads).where(eq(feedbackReads.message_id, data.feedback.messages[0]!.id));
    expect(reads.map((r) => r.user_id)).toEqual([b.id]);
  });

  it('is closed to a third user (403), and an admin reads it without marking it read', async () => {
    const id = await thread(a, b, '<p>Privat</p>', 'Privat');
    const refused = await open(c, id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('No access');
    expect(JSON.stringify(refused.json())).not.toContain('Privat');
    const asAdmin = await open(admin, id);
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json().data.feedback.messages[0].who_read_messages).toEqual([]);
    expect(itemOf((await list(b)).json().data.feedbacks, id)!.unread).toBe(true);
  });

  it('refuses a feedback_id that is not digits (422) or does not exist (404)', async () => {
    for (const bad of ['abc', '1.5', '-1', '0', '', '1 or 1=1']) {
      expect((await open(a, bad)).statusCode, bad).toBe(422);
    }
    expect((await t.form('GET', '/api/feedback-messages/get-feedback-data', undefined, a.token)).statusCode).toBe(422);
    expect((await open(a, 2_000_000_000)).statusCode).toBe(404);
    expect((await open({ ...a, token: '' }, 1)).statusCode).toBe(401);
  });
});

describe('feedback: add-message', () => {
  it('adds a reply and answers with the thread and its users', async () => {
    const id = await thread(a, b, '<p>Hei</p>', 'Svartest');
    const res = await reply(b, String(id), '<p>Hei <em>tilbake</em></p><ul><li>en</li><li>to</li></ul>');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', message: 'The message was added', message_key: 'feedback_message_added' });
    const data: FeedbackData = res.json().data;
    expect(data.feedback.messages.map((m) => [m.sender_id, m.text])).toEqual([
      [a.id, '<p>Hei</p>'],
      [b.id, '<p>Hei <em>tilbake</em></p><ul><li>en</li><li>to</li></ul>'],
    ]);
    // Replying means b has the thread open: a's message is read by b.
    expect(data.feedback.messages[0]!.who_read_messages).toEqual([b.id]);
    expect(data.users.map((u) => u.id).sort()).toEqual([a.id, b.id].sort());
    expect(itemOf((await list(a)).json().data.feedbacks, id)).toMatchObject({ unread: true, last_sender_id: b.id });
    // A single character is a reply (only the first message needs two).
    expect((await reply(a, id, '<p>k</p>')).statusCode).toBe(200);
  });

  it('refuses an empty reply, a bad or unknown feedback_id, and anyone but the two participants', async () => {
    const id = await thread(a, b, '<p>Hei</p>', 'Avvisning');
    const before = await messagesCount();
    for (const empty of ['', '<p> &nbsp; </p>', '<p><br></p>', '<p>&nbsp;</p><p>   </p>', '&#160;&#xA0;', '<script>alert(1)</script>', '<img src=x onerror=alert(1)>']) {
      const res = await reply(a, id, empty);
      expect(res.statusCode, empty).toBe(422);
      expect(res.json().errors.message).toEqual(['required_field']);
    }
    for (const bad of ['abc', '', '2.5']) expect((await reply(a, bad, '<p>Hei</p>')).statusCode, bad).toBe(422);
    expect((await reply(a, 2_000_000_000, '<p>Hei</p>')).statusCode).toBe(404);
    expect((await reply(c, id, '<p>Inn fra siden</p>')).statusCode).toBe(403);
    expect((await reply(admin, id, '<p>Admin skriver</p>')).statusCode).toBe(403);
    expect(await messagesCount()).toBe(before);
    const stored = await t.database.db.select().from(feedbackMessages).where(inArray(feedbackMessages.feedback_id, [id]));
    expect(stored).toHaveLength(1);
  });
});

describe('feedback: malformed input', () => {
  it('every call answers 4xx for junk, never 500, and stores nothing', async () => {
    const junk = 'x'.repeat(10_000);
    const bodies: Record<string, unknown>[] = [
      { title: junk, to_user_id: junk, message: junk + junk + junk + junk + junk + junk, feedback_id: junk, count_show: junk, start_index: junk },
      { title: ['a', 'b'], to_user_id: ['1', '2'], message: { nested: '<p>x</p>' }, feedback_id: ['1'], count_show: { a: 1 }, start_index: ['0'] },
      { title: 'Gyldig', to_user_id: '-1', feedback_id: '1e3', count_show: '1e9', start_index: '-5', message: '<p>'.repeat(5000) },
      { title: 'Gyldig', to_user_id: '99999999999', message: '<p>hei hei</p>', feedback_id: '99999999999', count_show: '0' },
      { title: 'Gyldig', to_user_id: '%00', message: '<p>\u0000</p>', feedback_id: '%00', count_show: '1.5' },
    ];
    const before = [await threadsCount(), await messagesCount()];
    for (const [name, endpoint] of Object.entries(feedbackContract)) {
      for (const body of bodies) {
        const res = await t.form(endpoint.method, endpoint.path, body, a.token);
        const what = `${name} ${JSON.stringify(body).slice(0, 80)}: ${res.body.slice(0, 200)}`;
        expect(res.statusCode, what).toBeLessThan(500);
        // The call without input answers; every other one refuses the junk for its input.
        if (name !== 'initialization') expect([400, 404, 413, 422], what).toContain(res.statusCode);
      }
    }
    expect([await threadsCount(), await messagesCount()]).toEqual(before);
  });
});

describe('feedback: real time', () => {
  let url: string;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });

  async function subscribed(who: Person): Promise<Socket> {
    const socket = io(url, { path: '/socket.io', auth: { token: who.token.replace(/^Bearer /, '') }, transports: ['websocket'], reconnection: false, forceNew: true });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    expect(await socket.timeout(1000).emitWithAck('subscribe', chatChannel(who.id))).toEqual({ ok: true });
    return socket;
  }

  const next = (socket: Socket, match: (p: FeedbackEventPayload) => boolean, ms = 2000) =>
    new Promise<FeedbackEventPayload>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${FEEDBACK_MESSAGE_EVENT} did not arrive within ${ms} ms`)), ms);
      const listener = (payload: FeedbackEventPayload) => {
        if (!match(payload)) return;
        clearTimeout(timer);
        socket.off(FEEDBACK_MESSAGE_EVENT, listener);
        resolve(payload);
      };
      socket.on(FEEDBACK_MESSAGE_EVENT, listener);
    });

  it('a new thread and every reply reach the other participant’s channel, sanitized, and nobody else’s', async () => {
    const [onA, onB, onC] = await Promise.all([subscribed(a), subscribed(b), subscribed(c)]);
    const seenByC: unknown[] = [];
    onC.onAny((event, payload) => seenByC.push({ event, payload }));

    const created = next(onB, (p) => p.message.text.includes('Ny tråd'));
    const id = await thread(a, b, '<p>Ny tråd</p>', 'Sanntid');
    expect(await created).toMatchObject({ feedback_id: id, message: { sender_id: a.id, text: '<p>Ny tråd</p>' } });

    const replied = next(onA, (p) => p.feedback_id === id && p.message.sender_id === b.id);
    const res = await reply(b, id, '<p><strong>Svar</strong></p><img src=x onerror="window.__xss=1"><a href="javascript:alert(1)">x</a>');
    expect(res.statusCode).toBe(200);
    const payload = await replied;
    expect(payload.message).toEqual(res.json().data.feedback.messages.at(-1));
    expect(payload.message.text).toBe('<p><strong>Svar</strong></p><a rel="noopener noreferrer nofollow" target="_blank">x</a>');

    await new Promise((r) => setTimeout(r, 200));
    expect(seenByC).toEqual([]);
  });
});
