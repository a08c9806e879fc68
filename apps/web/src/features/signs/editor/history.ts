/*
 * Undo and redo of the editor: the states before (past) and after (future) the one on screen.
 * A change with a `mergeKey` equal to the last change's (typing in one input, one drag) replaces
 * that step instead of adding one, so one undo takes back the whole gesture.
 */
export interface History<T> {
  past: T[];
  present: T;
  future: T[];
  /** The key of the last change, while the next one may merge with it. */
  lastKey: string | null;
}

export const HISTORY_LIMIT = 100;

export const startHistory = <T>(present: T): History<T> => ({ past: [], present, future: [], lastKey: null });

export function commit<T>(h: History<T>, next: T, mergeKey: string | null = null): History<T> {
  if (Object.is(next, h.present)) return h;
  if (mergeKey !== null && mergeKey === h.lastKey) return { ...h, present: next, future: [] };
  return { past: [...h.past, h.present].slice(-HISTORY_LIMIT), present: next, future: [], lastKey: mergeKey };
}

export function undo<T>(h: History<T>): History<T> {
  if (h.past.length === 0) return h;
  return { past: h.past.slice(0, -1), present: h.past[h.past.length - 1]!, future: [h.present, ...h.future], lastKey: null };
}

export function redo<T>(h: History<T>): History<T> {
  if (h.future.length === 0) return h;
  return { past: [...h.past, h.present], present: h.future[0]!, future: h.future.slice(1), lastKey: null };
}

/** Ends merging: the next change is a step of its own even with the same key. */
export const seal = <T>(h: History<T>): History<T> => (h.lastKey === null ? h : { ...h, lastKey: null });

/** Ctrl+Z (⌘Z) undoes, Ctrl+Shift+Z and Ctrl+Y redo; null for other keys. */
export function historyKey(e: { key: string; ctrlKey: boolean; metaKey: boolean; shiftKey: boolean }): 'undo' | 'redo' | null {
  if (!(e.ctrlKey || e.metaKey)) return null;
  const key = e.key.toLowerCase();
  if (key === 'z') return e.shiftKey ? 'redo' : 'undo';
  if (key === 'y') return 'redo';
  return null;
}
