import https from 'node:https';
import { describe, expect, it } from 'vitest';
import { guardedAgent } from './guarded-agent';

/** The error of a request through the agent; port 1 on the loopback has nobody listening. */
const errorOf = (url: string, agent: https.Agent) =>
  new Promise<NodeJS.ErrnoException>((resolve, reject) => {
    https.get(url, { agent, timeout: 5000 }, () => reject(new Error('answered'))).on('error', resolve);
  });

describe('guardedAgent', () => {
  it('refuses at connect time a name that resolves to an address that is not public', async () => {
    const agent = guardedAgent([]);
    expect((await errorOf('https://localhost:1/push', agent)).code).toBe('EPUSHADDRESS');
    agent.destroy();
  });

  it('lets the hosts of the allowed origins through to the connection', async () => {
    const agent = guardedAgent(['https://localhost:1']);
    expect((await errorOf('https://localhost:1/push', agent)).code).toBe('ECONNREFUSED');
    agent.destroy();
  });
});
