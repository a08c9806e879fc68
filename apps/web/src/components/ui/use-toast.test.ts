import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, removeToast, toast, useToasts } from './use-toast';

afterEach(() => {
  removeToast();
  vi.useRealTimers();
});

describe('toast store', () => {
  it('keeps one toast at a time: a new one replaces the old', () => {
    const { result } = renderHook(() => useToasts());
    act(() => void toast({ title: 'first' }));
    act(() => void toast({ title: 'second' }));
    expect(result.current.map((t) => t.title)).toEqual(['second']);
  });

  it('updates an open toast and removes a dismissed one after 1,000,000 ms', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useToasts());
    let handle!: ReturnType<typeof toast>;
    act(() => void (handle = toast({ title: 'saving' })));
    act(() => handle.update({ title: 'saved' }));
    expect(result.current[0]).toMatchObject({ title: 'saved', open: true });
    act(() => dismissToast(handle.id));
    expect(result.current[0]?.open).toBe(false);
    act(() => void vi.advanceTimersByTime(999_999));
    expect(result.current).toHaveLength(1);
    act(() => void vi.advanceTimersByTime(1));
    expect(result.current).toHaveLength(0);
  });
});
