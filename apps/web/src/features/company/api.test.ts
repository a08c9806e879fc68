import { describe, expect, it } from 'vitest';
import { AxiosError, AxiosHeaders } from 'axios';
import { plannerAmountInput, saveAmountBody } from '@promo/shared';
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
  it('keeps digits only, without leading zeros', () => {
    expect(plannerAmountInput('12')).toBe('12');
    expect(plannerAmountInput('-5')).toBe('5');
    expect(plannerAmountInput('1.5')).toBe('15');
    expect(plannerAmountInput('1e3')).toBe('13');
    expect(plannerAmountInput('abc')).toBe('');
    expect(plannerAmountInput('007')).toBe('7');
    expect(plannerAmountInput('0')).toBe('0');
    expect(plannerAmountInput('123456789')).toBe('1234567');
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
