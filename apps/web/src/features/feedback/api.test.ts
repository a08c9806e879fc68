import { describe, expect, it } from 'vitest';
import type { FeedbackData, FeedbackMessage } from '@promo/shared';
import { filterUsers, isFeedbackData, isFeedbackList, withMessage } from './api';

const message = (id: number, create_date: string): FeedbackMessage => ({ id, text: `<p>${id}</p>`, sender_id: 1, who_read_messages: [], create_date });
const thread = (messages: FeedbackMessage[]): FeedbackData => ({
  feedback: { id: 1, title: 'T', from_user: null, to_user: null, messages, create_date: '2026-01-01T00:00:00.000Z' },
  users: [],
});

describe('feedback api helpers', () => {
  it('filters names case-insensitively, anywhere in the name', () => {
    const users = [
      { id: 1, name: 'Ingrid Admin' },
      { id: 2, name: 'Stasjon Majorstuen' },
      { id: 3, name: 'Øystein Ås' },
    ];
    expect(filterUsers(users, 'admin').map((u) => u.id)).toEqual([1]);
    expect(filterUsers(users, 'STASJON').map((u) => u.id)).toEqual([2]);
    expect(filterUsers(users, 'øy').map((u) => u.id)).toEqual([3]);
    expect(filterUsers(users, '  ')).toEqual(users);
    expect(filterUsers(users, 'zzz')).toEqual([]);
  });

  it('puts a live message into the thread once, in time order', () => {
    const a = message(1, '2026-01-01T10:00:00.000Z');
    const b = message(3, '2026-01-01T11:00:00.000Z');
    const late = message(2, '2026-01-01T10:30:00.000Z');
    const data = thread([a, b]);
    expect(withMessage(data, late)!.feedback.messages.map((m) => m.id)).toEqual([1, 2, 3]);
    expect(withMessage(data, b)).toBe(data);
    expect(withMessage(undefined, a)).toBeUndefined();
  });

  it('accepts only answers of the right shape', () => {
    expect(isFeedbackList({ feedbacks: [], total: 0 })).toBe(true);
    for (const bad of [null, {}, { feedbacks: {}, total: 1 }, { feedbacks: [], total: '1' }]) expect(isFeedbackList(bad)).toBe(false);
    expect(isFeedbackData(thread([]))).toBe(true);
    for (const bad of [null, {}, { feedback: null, users: [] }, { feedback: { messages: {} }, users: [] }]) expect(isFeedbackData(bad)).toBe(false);
  });
});
