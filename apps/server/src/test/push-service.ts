import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { inject } from 'vitest';
import type { PushPayload } from '@promo/shared';
import { browserKeys, decryptPush, verifyVapid, type BrowserKeys } from './push-crypto';

export interface ReceivedPush {
  /** The device (the endpoint's path). */
  device: string;
  payload: PushPayload;
  /** The VAPID public key the request was signed with. */
  vapidKey: string;
  ttl: string | undefined;
  /** What the service answered. */
  status: number;
  at: number;
}

/**
 * A stand-in push service on 127.0.0.1 over TLS (the certificate of push-ca-setup.ts). Each
 * device has an endpoint `${origin}/push/<name>` and the keys a browser would make; the service
 * checks every request's VAPID header, decrypts the payload with the device's keys and keeps it.
 * A device can be told to answer with another status (410: gone) or to answer late.
 */
export async function startPushService() {
  const devices = new Map<string, { keys: BrowserKeys; status: number; delayMs: number }>();
  const received: ReceivedPush[] = [];
  const faults: string[] = [];
  const waiters: (() => void)[] = [];
  const tls = inject('pushTls');
  const server = https.createServer({ cert: tls.cert, key: tls.key }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const name = (req.url ?? '').replace(/^\/push\//, '');
      const device = devices.get(name);
      if (!device) return void res.writeHead(404).end();
      const answer = () => res.writeHead(device.status).end();
      try {
        const { publicKey } = verifyVapid(req.headers.authorization, origin);
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error(`content-encoding ${req.headers['content-encoding']}`);
        const payload = JSON.parse(decryptPush(Buffer.concat(chunks), device.keys)) as PushPayload;
        received.push({ device: name, payload, vapidKey: publicKey, ttl: req.headers.ttl as string | undefined, status: device.status, at: Date.now() });
      } catch (err) {
        faults.push(String((err as Error).message));
        return void res.writeHead(400).end();
      }
      waiters.splice(0).forEach((w) => w());
      if (device.delayMs) setTimeout(answer, device.delayMs);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    /** Request faults (bad VAPID, undecryptable payload): a test expects none. */
    faults,
    /** A new device: the body a browser posts to /api/push/subscriptions. */
    device(name: string, opts: { status?: number; delayMs?: number } = {}) {
      const keys = browserKeys();
      devices.set(name, { keys, status: opts.status ?? 201, delayMs: opts.delayMs ?? 0 });
      return { endpoint: `${origin}/push/${name}`, keys: keys.json };
    },
    /** Resolves once `count` pushes have reached the device, or throws after `ms`. */
    async waitFor(name: string, count = 1, ms = 10_000): Promise<ReceivedPush[]> {
      const deadline = Date.now() + ms;
      for (;;) {
        const mine = received.filter((r) => r.device === name);
        if (mine.length >= count) return mine;
        if (Date.now() > deadline) throw new Error(`${name}: ${mine.length} of ${count} pushes after ${ms} ms; faults: ${faults.join('; ')}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type PushService = Awaited<ReturnType<typeof startPushService>>;
