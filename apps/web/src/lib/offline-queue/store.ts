import { createStore, del, get, set, values } from 'idb-keyval';

/** One action a station made, kept on the device until the server has it (decision 023). */
export interface QueuedAction {
  /** The Idempotency-Key, made once when the action was queued and sent with every try. */
  id: string;
  userId: number;
  createdAt: number;
  /** What the list shows; the feature that queued it reads it. */
  kind: 'receipt' | 'photo' | 'amount';
  label: string;
  /**
   * What the action sets, when only its last value matters (a planner amount: `amount:<surface>`):
   * a newer action with the same subject replaces one still waiting, so only the last is sent.
   */
  subject?: string;
  /** Whose data to refresh once it is sent (a query key). */
  refresh: unknown[];
  request: {
    path: string;
    fields: Record<string, string>;
    file?: { field: string; blob: Blob; name: string };
  };
  /** A refusal (4xx) is not tried again: the station sees it and its message. */
  failed?: { status: number; message: string; messageKey?: string };
}

const store = createStore('promo-offline-queue', 'actions');

export const putAction = (a: QueuedAction) => set(a.id, a, store);
export const getAction = (id: string) => get<QueuedAction>(id, store);
export const removeAction = (id: string) => del(id, store);
export const allActions = async () => (await values<QueuedAction>(store)).sort((a, b) => a.createdAt - b.createdAt);
