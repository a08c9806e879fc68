import type { LoggerOptions } from 'pino';

/**
 * The mailer's failed deliveries, counted from its log lines: the notifications' mailer and the
 * digest log each failure once and keep no failure in the database (a temporary failure is tried
 * again, a refused address is given up). `count` is this process's total since it started.
 */
const FAILURE_MESSAGES = new Set(['mail not sent; will retry', 'mail refused by the server; not retried', 'digest mail not sent']);

export function mailFailureCounter() {
  let failures = 0;
  const logMethod: NonNullable<NonNullable<LoggerOptions['hooks']>['logMethod']> = function (args, method) {
    const message = typeof args[0] === 'string' ? args[0] : args[1];
    if (typeof message === 'string' && FAILURE_MESSAGES.has(message)) failures++;
    return method.apply(this, args);
  };
  return { hooks: { logMethod }, count: () => failures };
}
