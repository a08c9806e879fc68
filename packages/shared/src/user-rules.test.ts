import { describe, expect, it } from 'vitest';
import { mayChangePassword, mayDeleteUser, mayEditUser, maySignInAs } from './user-rules';

const admin = { id: 1, role: 'admin' as const };
const cmAdmin = { id: 2, role: 'cm-admin' as const };
const cm = { id: 3, role: 'cm' as const };

describe('the users rules the server checks and the web offers (decision 002)', () => {
  it('only an admin manages an admin row', () => {
    const adminRow = { id: 9, role: 'admin' as const };
    expect([mayEditUser(cmAdmin, adminRow), mayChangePassword(cmAdmin, adminRow), mayDeleteUser(cmAdmin, adminRow)]).toEqual([false, false, false]);
    expect([mayEditUser(admin, adminRow), mayChangePassword(admin, adminRow), mayDeleteUser(admin, adminRow)]).toEqual([true, true, true]);
  });

  it('a cm-admin manages the other roles; nobody deletes itself; others edit only their own row', () => {
    const station = { id: 8, role: 'user' as const };
    expect([mayEditUser(cmAdmin, station), mayChangePassword(cmAdmin, station), mayDeleteUser(cmAdmin, station)]).toEqual([true, true, true]);
    expect(mayDeleteUser(cmAdmin, cmAdmin)).toBe(false);
    expect([mayEditUser(cm, cm), mayEditUser(cm, station), mayChangePassword(cm, cm)]).toEqual([true, false, false]);
  });

  it('signs in as active stations only', () => {
    expect(maySignInAs(cmAdmin, { role: 'user', status: true })).toBe(true);
    expect(maySignInAs(cmAdmin, { role: 'user', status: false })).toBe(false);
    expect(maySignInAs(admin, { role: 'cm', status: true })).toBe(false);
    expect(maySignInAs(cm, { role: 'user', status: true })).toBe(false);
  });
});
