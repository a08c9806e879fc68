import type { SignData, SignProblem } from '@promo/shared';
import { createThreadRunner, type ThreadFailure } from '../worker-thread';
import type { GenerateOutcome, PreviewOutcome, SignJob, SignRenderer } from './sign-renderer';

/*
 * createSignRenderer (decision 042): the renderer in worker threads (worker.ts). Two lanes, each
 * one thread with one job at a time: a PDF of 2,000 signs takes about a minute and must not hold up
 * the editor's previews and checks.
 */

export type SignMessage =
  | { op: 'check'; job: SignJob & { signs: SignData[] } }
  | { op: 'generate'; job: SignJob & { signs: SignData[]; out: string } }
  | { op: 'preview'; job: SignJob & { sign: SignData; width_px: number } };

export type SignReply =
  | { op: 'check'; problems: SignProblem[] }
  | { op: 'generate'; outcome: GenerateOutcome }
  | { op: 'preview'; outcome: PreviewOutcome }
  | { op: 'failed'; reason: ThreadFailure | 'error'; message?: string };

/** The renderer's thread ended, ran out of time or threw: the caller answers 5xx (nothing was written). */
export class SignRendererError extends Error {
  constructor(readonly reason: ThreadFailure | 'error', detail?: string) {
    super(`sign renderer: ${reason}${detail ? `: ${detail}` : ''}`);
  }
}

const GENERATE_TIMEOUT_MS = 10 * 60_000;
const LIGHT_TIMEOUT_MS = 60_000;
const IDLE_MS = 30_000;
const HEAP_MB = 1024;

export interface SignRendererHandle extends SignRenderer {
  /** Ends both threads; calls under way or later reject with SignRendererError('worker_exit'). */
  close(): Promise<void>;
}

export function createSignRenderer(opts: { generateTimeoutMs?: number; timeoutMs?: number; idleMs?: number } = {}): SignRendererHandle {
  const lane = (timeoutMs: number) =>
    createThreadRunner<SignMessage, SignReply>({
      entry: 'lib/signs/worker',
      timeoutMs,
      idleMs: opts.idleMs ?? IDLE_MS,
      heapMb: HEAP_MB,
      failed: (reason) => ({ op: 'failed', reason }),
    });
  const heavy = lane(opts.generateTimeoutMs ?? GENERATE_TIMEOUT_MS);
  const light = lane(opts.timeoutMs ?? LIGHT_TIMEOUT_MS);

  const ask = async <Op extends SignReply['op']>(runner: typeof heavy, message: SignMessage, op: Op) => {
    const reply = await runner.run(message);
    if (reply.op === 'failed') throw new SignRendererError(reply.reason, reply.message);
    if (reply.op !== op) throw new SignRendererError('error', `unexpected ${reply.op}`);
    return reply as Extract<SignReply, { op: Op }>;
  };

  return {
    async check(job) {
      return (await ask(light, { op: 'check', job }, 'check')).problems;
    },
    async generate(job) {
      return (await ask(heavy, { op: 'generate', job }, 'generate')).outcome;
    },
    async preview(job) {
      return (await ask(light, { op: 'preview', job }, 'preview')).outcome;
    },
    async close() {
      await Promise.all([heavy.close(), light.close()]);
    },
  };
}
