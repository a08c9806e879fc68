import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { isConnectionFailure } from './connection-failure';
import { AppError } from './errors';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isConnectionFailure', () => {
  it('knows a database that is down, starting, shutting down or out of reach, also inside Drizzle and AggregateError', () => {
    const refused = new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], 'connect failed');
    const cases = [
      withCode('57P01', 'terminating connection due to administrator command'),
      withCode('57P03', 'the database system is starting up'),
      withCode('08006'),
      new Error('Connection terminated unexpectedly'),
      new Error('Connection terminated due to connection timeout'),
      new Error('timeout exceeded when trying to connect'),
      refused,
      new DrizzleQueryError('select 1', [], withCode('ECONNREFUSED')),
    ];
    for (const err of cases) expect(isConnectionFailure(err), err.message).toBe(true);
  });

  it('leaves failed statements and the app\'s own errors alone', () => {
    const cases = [withCode('23505', 'duplicate key'), withCode('42P01'), new DrizzleQueryError('select', [], withCode('22P02')), new AppError(404, 'Not found', 'not_found'), new Error('boom'), null, 'ECONNREFUSED'];
    for (const err of cases) expect(isConnectionFailure(err), String(err)).toBe(false);
  });
});
