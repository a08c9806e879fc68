import { useSyncExternalStore, type ReactNode } from 'react';
import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from '@promo/shared';

/**
 * The toast store of spec 000 §4: one toast at a time (a new one replaces the old), open,
 * update, dismiss and remove; a dismissed toast is removed after TOAST_REMOVE_DELAY_MS.
 */
export type ToastVariant = 'default' | 'destructive';

export interface ToastItem {
  id: string;
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  open: boolean;
}

type ToastInput = Omit<ToastItem, 'id' | 'open'>;

let toasts: ToastItem[] = [];
let counter = 0;
const listeners = new Set<() => void>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();

function emit(next: ToastItem[]) {
  toasts = next;
  listeners.forEach((l) => l());
}

function scheduleRemoval(id: string) {
  if (removeTimers.has(id)) return;
  removeTimers.set(
    id,
    setTimeout(() => {
      removeTimers.delete(id);
      removeToast(id);
    }, TOAST_REMOVE_DELAY_MS),
  );
}

export function dismissToast(id?: string) {
  for (const t of toasts) if (!id || t.id === id) scheduleRemoval(t.id);
  emit(toasts.map((t) => (!id || t.id === id ? { ...t, open: false } : t)));
}

export function removeToast(id?: string) {
  emit(id ? toasts.filter((t) => t.id !== id) : []);
}

export function toast(input: ToastInput) {
  const id = String(++counter);
  emit([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (next: ToastInput) => emit(toasts.map((t) => (t.id === id ? { ...t, ...next } : t))),
  };
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export const useToasts = () => useSyncExternalStore(subscribe, () => toasts, () => toasts);
