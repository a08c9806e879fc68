import { parentPort } from 'node:worker_threads';
import { checkSigns, generateSigns, previewSign } from './render';
import type { SignMessage, SignReply } from './runner';

/** The price signs' worker (runner.ts): one job at a time, answered with its id. */
parentPort!.on('message', (message: SignMessage & { id: number }) => {
  const work = async (): Promise<SignReply> => {
    if (message.op === 'check') return { op: 'check', problems: await checkSigns(message.job) };
    if (message.op === 'generate') return { op: 'generate', outcome: await generateSigns(message.job) };
    return { op: 'preview', outcome: await previewSign(message.job) };
  };
  void work()
    .catch((error: unknown): SignReply => ({ op: 'failed', reason: 'error', message: error instanceof Error ? error.message : String(error) }))
    .then((outcome) => {
      const png = outcome.op === 'preview' && outcome.outcome.ok ? outcome.outcome.png : null;
      parentPort!.postMessage({ id: message.id, outcome }, png ? [png.buffer as ArrayBuffer] : []);
    });
});
