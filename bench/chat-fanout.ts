// Benchmark of the chat's real-time fan-out: SOCKETS Socket.IO clients (one per designer user, each
// subscribed to its own chat_user_{id} channel), messages sent through POST /api/design-chat at a
// fixed rate, and the delay from the moment each POST is issued to the moment each socket receives
// its AddNewMessageEvent.
//   npx tsx bench/chat-fanout.ts                         one server process, PostgreSQL promo_chat_bench (recreated)
//   BENCH_REDIS=redis://127.0.0.1:6379 npx tsx bench/chat-fanout.ts   two processes joined by the Redis adapter;
//                                                        sockets and sends alternate between them
// Knobs: BENCH_SOCKETS (500), BENCH_MESSAGES per rate (100), BENCH_RATES messages/s ('5,20,50'), BENCH_PORT (3910),
// BENCH_CLIENT: 'raw' (default: each socket a bare WebSocket speaking the Socket.IO protocol, so
// that the 500 clients, which share this one process, cost little) or 'socket.io' (socket.io-client).
// The server is the production build (apps/server/dist), built first.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { eq, sql } from 'drizzle-orm';
import { io } from 'socket.io-client';
import WebSocket from 'ws';
import { chatChannel, type ChatEventPayload } from '@promo/shared';
import { openPostgres, type Database } from '../apps/server/src/db/client';
import { chats, users } from '../apps/server/src/db/schema';
import { seedDemo } from '../apps/server/src/db/seed/demo';
import { localDiskStorage } from '../apps/server/src/lib/storage';
import { createSession } from '../apps/server/src/lib/sessions';
import { recreatePostgresDatabase } from './database';
import { percentile } from './load';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 500);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 100);
const RATES = (process.env.BENCH_RATES ?? '5,20,50').split(',').map(Number);
const PORT = Number(process.env.BENCH_PORT ?? 3910);
const REDIS = process.env.BENCH_REDIS;
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/promo_chat_bench';
const WAIT_MS = 5000; // a delivery later than this counts as lost
const CLIENT = process.env.BENCH_CLIENT ?? 'raw';

/** One subscribed socket: hands the text of each AddNewMessageEvent to the listener. */
interface Receiver {
  listener: ((text: string, at: number) => void) | null;
  close(): void;
}

/** CPU seconds used so far by the processes of these process groups (the servers). */
function groupCpu(groups: number[]): number {
  const tick = 100; // USER_HZ
  let total = 0;
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (groups.includes(Number(fields[2]))) total += (Number(fields[11]) + Number(fields[12])) / tick;
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function recreateDatabase(): Promise<Database> {
  await recreatePostgresDatabase(DATABASE_URL);
  const database = openPostgres(DATABASE_URL);
  await database.migrate();
  await seedDemo(database.db, localDiskStorage(fs.mkdtempSync('/tmp/promo-bench-files-')));
  return database;
}

/** SOCKETS designer users with a session each (made directly: sign-in throttling would refuse 500 logins). */
async function designers(database: Database): Promise<{ id: number; token: string }[]> {
  const [{ hash }] = (await database.db.select({ hash: users.password_hash }).from(users).limit(1)) as [{ hash: string }];
  const rows = await database.db
    .insert(users)
    .values(Array.from({ length: SOCKETS }, (_, i) => ({ email: `bench.designer${i}@demo.no`, password_hash: hash, name: `Designer ${i}`, role: 'designer' })))
    .returning({ id: users.id });
  const out: { id: number; token: string }[] = [];
  for (const r of rows) out.push({ id: r.id, token: await createSession(database.db, r.id) });
  return out;
}

function startServer(port: number): Promise<ChildProcess> {
  const env = { ...process.env, PORT: String(port), NODE_ENV: 'development', LOG_LEVEL: 'warn', SEED_DEMO: 'false', DATABASE_URL, ...(REDIS ? { REDIS_URL: REDIS } : {}) };
  // The compiled server, in a process group of its own; BENCH_NODE_ARGS='--cpu-prof' profiles it.
  const args = [...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []), 'apps/server/dist/server.js'];
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'inherit', 'inherit'], detached: true });
  return (async () => {
    for (let i = 0; i < 300; i++) {
      if ((await fetch(`http://127.0.0.1:${port}/api/nope`).catch(() => null))?.status === 404) return child;
      await sleep(200);
    }
    throw new Error(`server on ${port} did not start`);
  })();
}

/**
 * A bare WebSocket speaking Engine.IO 4 and Socket.IO 5 as far as a listener needs: the namespace's
 * connect with the token, the subscribe with its acknowledgement, the answer to the server's ping,
 * and the event frames, read for their text without parsing the whole message.
 */
function rawReceiver(base: string, person: { id: number; token: string }): Promise<Receiver> {
  const ws = new WebSocket(`${base.replace('http', 'ws')}/socket.io/?EIO=4&transport=websocket`);
  const receiver: Receiver = { listener: null, close: () => ws.close() };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('subscribe timed out')), 10_000);
    ws.on('error', reject);
    ws.on('message', (data) => {
      const at = performance.now();
      const frame = data.toString();
      if (frame.startsWith('42["AddNewMessageEvent"')) {
        const from = frame.indexOf('"text":"') + 8;
        receiver.listener?.(frame.slice(from, frame.indexOf('"', from)), at);
      } else if (frame === '2') ws.send('3');
      else if (frame.startsWith('0{')) ws.send(`40${JSON.stringify({ token: person.token })}`);
      else if (frame.startsWith('40{')) ws.send(`421${JSON.stringify(['subscribe', chatChannel(person.id)])}`);
      else if (frame.startsWith('431')) {
        clearTimeout(timer);
        if ((JSON.parse(frame.slice(3)) as [{ ok: boolean }])[0].ok) resolve(receiver);
        else reject(new Error('subscribe refused'));
      } else if (frame.startsWith('44')) reject(new Error(`connect refused: ${frame}`));
    });
  });
}

async function socketIoReceiver(base: string, person: { id: number; token: string }): Promise<Receiver> {
  const socket = io(base, { path: '/socket.io', auth: { token: person.token }, transports: ['websocket'], reconnection: false, forceNew: true });
  const receiver: Receiver = { listener: null, close: () => socket.disconnect() };
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    const ack = (await socket.timeout(5000).emitWithAck('subscribe', chatChannel(person.id))) as { ok: boolean };
    if (!ack.ok) throw new Error('subscribe refused');
  } catch (err) {
    socket.disconnect();
    throw err;
  }
  socket.on('AddNewMessageEvent', (payload: ChatEventPayload) => receiver.listener?.(payload.message.text, performance.now()));
  return receiver;
}

async function api(base: string, method: string, path: string, body: Record<string, unknown>, token?: string) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(token ? { authorization: token } : {}) },
    body: new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString(),
  });
  const json = (await res.json()) as { data: Record<string, unknown> };
  if (res.status >= 300) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

/** A promotion with one Fuel design: its chat is where the messages go. */
async function chatFor(database: Database, base: string, admin: string): Promise<number> {
  const promotion = (await api(base, 'POST', '/api/promotions', { name: 'Fan-out', period_from: '2031-01-01', period_to: '2031-02-01' }, admin)).promotion as { id: number };
  const [surface] = await database.db.execute<{ id: number }>(sql`select id from surfaces order by id limit 1`).then((r) => r.rows);
  const [design] = await database.db.execute<{ id: number }>(sql`select d.id from designs d join categories c on c.id = d.category_id where c.name = 'Fuel' limit 1`).then((r) => r.rows);
  await api(base, 'POST', '/api/promotion-surfaces', { promotion_id: promotion.id, surface_id: surface!.id }, admin);
  const psd = await api(base, 'POST', '/api/promotion-surface-design', { promotion_id: promotion.id, surface_id: surface!.id, design_id: design!.id }, admin);
  const [chat] = await database.db.select({ id: chats.id }).from(chats).where(eq(chats.psd_id, psd.id as number));
  return chat!.id;
}

async function connectAll(bases: string[], people: { id: number; token: string }[]): Promise<{ sockets: Receiver[]; errors: number }> {
  const sockets: Receiver[] = [];
  let errors = 0;
  const connect = CLIENT === 'socket.io' ? socketIoReceiver : rawReceiver;
  for (let i = 0; i < people.length; i += 50) {
    await Promise.all(
      people.slice(i, i + 50).map((p, j) =>
        connect(bases[(i + j) % bases.length]!, p).then(
          (r) => void sockets.push(r),
          () => void errors++,
        ),
      ),
    );
  }
  return { sockets, errors };
}

interface Row {
  mode: string;
  rate: number;
  sockets: number;
  messages: number;
  deliveries: number;
  lost: number;
  postErrors: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  postP50: number;
  postP99: number;
  /** CPU milliseconds per message: the server processes, and this process (the 500 clients and the sender). */
  serverCpu: number;
  clientCpu: number;
}

/** Sends MESSAGES at `rate` per second (open loop: a slow answer does not delay the next send). */
async function run(bases: string[], sockets: Receiver[], chatId: number, admin: string, rate: number, label: string, messages = MESSAGES): Promise<Row> {
  const serverCpuBefore = groupCpu(servers.map((s) => s.pid!));
  const clientCpuBefore = process.cpuUsage();
  const sentAt: number[] = [];
  const latencies: number[] = [];
  let received = 0;
  const prefix = `${label}#`;
  const listener = (text: string, at: number) => {
    if (!text.startsWith(prefix)) return;
    latencies.push(at - sentAt[Number(text.slice(prefix.length))]!);
    received++;
  };
  for (const s of sockets) s.listener = listener;
  const posts: Promise<number | null>[] = [];
  const start = performance.now();
  for (let i = 0; i < messages; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    sentAt[i] = performance.now();
    posts.push(
      api(bases[i % bases.length]!, 'POST', '/api/design-chat', { chat_id: chatId, text: `${prefix}${i}` }, admin).then(
        () => performance.now() - sentAt[i]!,
        () => null,
      ),
    );
  }
  const postTimes = await Promise.all(posts);
  const expected = messages * sockets.length;
  const deadline = performance.now() + WAIT_MS;
  while (received < expected && performance.now() < deadline) await sleep(20);
  for (const s of sockets) s.listener = null;
  const clientCpu = process.cpuUsage(clientCpuBefore);
  const serverCpu = groupCpu(servers.map((s) => s.pid!)) - serverCpuBefore;
  latencies.sort((a, b) => a - b);
  const ok = postTimes.filter((t): t is number => t !== null).sort((a, b) => a - b);
  const r = (n: number) => Math.round(n * 10) / 10;
  return {
    mode: `${REDIS ? '2 processes + Redis' : '1 process'}, ${CLIENT} clients`,
    rate,
    sockets: sockets.length,
    messages,
    deliveries: latencies.length,
    lost: expected - latencies.length,
    postErrors: messages - ok.length,
    p50: r(percentile(latencies, 50)),
    p95: r(percentile(latencies, 95)),
    p99: r(percentile(latencies, 99)),
    max: r(latencies.at(-1) ?? NaN),
    postP50: r(percentile(ok, 50)),
    postP99: r(percentile(ok, 99)),
    serverCpu: r((serverCpu * 1000) / messages),
    clientCpu: r((clientCpu.user + clientCpu.system) / 1000 / messages),
  };
}

execFileSync(process.execPath, ['apps/server/build.mjs', '--quiet'], { stdio: 'inherit' });
const database = await recreateDatabase();
const people = await designers(database);
const ports = REDIS ? [PORT, PORT + 1] : [PORT];
const servers = await Promise.all(ports.map(startServer));
const bases = ports.map((p) => `http://127.0.0.1:${p}`);
try {
  const login = await api(bases[0]!, 'POST', '/api/auth/login', { email: 'admin@demo.no', password: 'Demo2026' });
  const admin = `Bearer ${login.bearerToken as string}`;
  const chatId = await chatFor(database, bases[0]!, admin);
  const connected = performance.now();
  const { sockets, errors } = await connectAll(bases, people);
  console.log(`${os.cpus().length} × ${os.cpus()[0]?.model}; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  console.log(`${sockets.length} sockets connected and subscribed in ${((performance.now() - connected) / 1000).toFixed(1)} s, ${errors} failed`);
  await run(bases, sockets, chatId, admin, 10, 'warmup', 20);
  const rows: Row[] = [];
  for (const rate of RATES) {
    const row = await run(bases, sockets, chatId, admin, rate, `r${rate}`);
    rows.push(row);
    console.log(JSON.stringify({ ...row, connectErrors: errors }));
  }
  console.log(`load average after: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  console.log('\n| mode | msg/s | sockets | messages | deliveries | lost | POST errors | p50 ms | p95 ms | p99 ms | max ms | POST p50 ms | POST p99 ms | server CPU ms/msg | client CPU ms/msg |');
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const x of rows) {
    console.log(`| ${x.mode} | ${x.rate} | ${x.sockets} | ${x.messages} | ${x.deliveries} | ${x.lost} | ${x.postErrors} | ${x.p50} | ${x.p95} | ${x.p99} | ${x.max} | ${x.postP50} | ${x.postP99} | ${x.serverCpu} | ${x.clientCpu} |`);
  }
  for (const s of sockets) s.close();
} finally {
  for (const s of servers) process.kill(-s.pid!, 'SIGTERM');
  await database.close();
}
