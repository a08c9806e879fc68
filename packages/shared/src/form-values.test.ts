import { describe, expect, it } from 'vitest';
import { zBool, zIdList, zInt } from './form-values';
import { lettersAndDigitsOnly, newPasswordField } from './validation';
import { usersListQuery } from './contract/users';

describe('form value coercion', () => {
  it('reads booleans the way forms send them', () => {
    expect(zBool.parse('true')).toBe(true);
    expect(zBool.parse('0')).toBe(false);
    expect(zBool.parse('')).toBe(false);
    expect(zBool.safeParse('yes').success).toBe(false);
  });

  it('reads integers from digit strings only', () => {
    expect(zInt().parse('42')).toBe(42);
    expect(zInt({ min: 0 }).safeParse('-1').success).toBe(false);
    expect(zInt().safeParse('4.5').success).toBe(false);
    expect(zInt().safeParse('12abc').success).toBe(false);
  });

  it('reads id lists from qs arrays, objects, single values and the empty string', () => {
    expect(zIdList.parse(['1', '2'])).toEqual([1, 2]);
    expect(zIdList.parse({ 0: '3', 1: '4' })).toEqual([3, 4]);
    expect(zIdList.parse('5')).toEqual([5]);
    expect(zIdList.parse('')).toEqual([]);
    expect(zIdList.safeParse(['0']).success).toBe(false);
  });
});

describe('password rules', () => {
  it('needs 8 characters, a Latin letter and a digit', () => {
    expect(newPasswordField.safeParse('abc12345').success).toBe(true);
    expect(newPasswordField.safeParse('abc1234').error?.issues[0]?.message).toBe('password_min_8');
    expect(newPasswordField.safeParse('12345678').error?.issues[0]?.message).toBe('password_latin_letters');
    expect(newPasswordField.safeParse('abcdefgh').error?.issues[0]?.message).toBe('password_digit');
  });

  it('the change-password input keeps letters and digits only', () => {
    expect(lettersAndDigitsOnly('Ab 1!-ø2_')).toBe('Ab12');
  });
});

describe('list parameters', () => {
  it('defaults to the first page of 10 sorted by name descending', () => {
    expect(usersListQuery.parse({})).toEqual({
      count_show: 10,
      start_index: 0,
      obj_search: { field: 'all', input_value: '', admin_only: false },
      sort_by: 'name',
      sort_count: 1,
    });
  });

  it('reads nested qs keys and refuses unknown sort fields', () => {
    const q = usersListQuery.parse({ obj_search: { field: 'email', input_value: ' x ', admin_only: '1' }, sort_count: '2' });
    expect(q.obj_search).toEqual({ field: 'email', input_value: 'x', admin_only: true });
    expect(q.sort_count).toBe(2);
    expect(usersListQuery.safeParse({ sort_by: 'password_hash' }).success).toBe(false);
  });
});
