import { describe, expect, it } from 'vitest';
import { AxiosError, AxiosHeaders } from 'axios';
import fc from 'fast-check';
import { amountTextError, saveAmountBody } from '@promo/shared';
import { isHistoryList, isNoSuchCompany, isPlannerList } from './api';

describe('list shapes', () => {
  it('accepts the planner and history lists and refuses other shapes', () => {
    expect(isPlannerList({ surfaces: [], total: 0, userSurfacesData: {} })).toBe(true);
    expect(isHistoryList({ history: [], total: 3 })).toBe(true);
    for (const bad of [undefined, null, {}, { surfaces: [], total: '1', userSurfacesData: {} }, { surfaces: [], total: 1 }, { surfaces: {}, total: 1, userSurfacesData: {} }]) {
      expect(isPlannerList(bad)).toBe(false);
    }
    for (const bad of [undefined, {}, { history: [], total: '3' }, { history: null, total: 0 }]) expect(isHistoryList(bad)).toBe(false);
  });
});

describe('the amount input', () => {
  it('refuses what is not a whole number of 0 or more, saying why, and reinterprets nothing', () => {
    expect(amountTextError('12')).toBeNull();
    expect(amountTextError(' 7 ')).toBeNull();
    expect(amountTextError('0')).toBeNull();
    expect(amountTextError('2.5')).toBe('amount_whole_number');
    expect(amountTextError('2,5')).toBe('amount_whole_number');
    expect(amountTextError('3.')).toBe('amount_whole_number');
    expect(amountTextError('-3')).toBe('amount_min_0');
    expect(amountTextError('1e3')).toBe('amount_digits_only');
    expect(amountTextError('12abc')).toBe('amount_digits_only');
    expect(amountTextError('')).toBe('amount_digits_only');
    expect(amountTextError('+2')).toBe('amount_digits_only');
    expect(amountTextError('1000001')).toBe('amount_too_large');
  });

  it('accepts exactly what the server accepts', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^-?\d{0,8}([.,]\d{0,2})?$/)), (text) => {
        const server = saveAmountBody.safeParse({ surface_id: '3', amount: text.trim() }).success;
        expect(amountTextError(text) === null).toBe(server);
      }),
    );
  });

  it('is checked by the same schema as on the server: digits, at least 0, whole', () => {
    const ok = (amount: unknown) => saveAmountBody.safeParse({ surface_id: '3', amount }).success;
    expect(ok('0')).toBe(true);
    expect(ok('25')).toBe(true);
    for (const bad of ['-1', '1.5', 'abc', '', ' ', '+2', -1, 1.5, undefined]) expect(ok(bad), String(bad)).toBe(false);
    expect(saveAmountBody.safeParse({ surface_id: '3', amount: '2', company_id: '9' }).success).toBe(false);
  });
});

describe('no such company', () => {
  const error = (body: object, status = 404) =>
    new AxiosError('failed', 'ERR_BAD_REQUEST', undefined, undefined, { status, data: body, statusText: '', headers: {}, config: { headers: new AxiosHeaders() } });
  it('recognises the server’s answer for an unknown station only', () => {
    expect(isNoSuchCompany(error({ message: 'There is no such company!', message_key: 'no_such_company' }))).toBe(true);
    expect(isNoSuchCompany(error({ message: 'Not found', message_key: 'not_found' }))).toBe(false);
    expect(isNoSuchCompany(new Error('x'))).toBe(false);
  });
});
