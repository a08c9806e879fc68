export { dismissAction, flushQueue, onActionSent, onQueueChange, queuedActions, submit, type NewAction, type Submitted } from './queue';
export type { QueuedAction } from './store';
export { useQueuedActions } from './use-queued-actions';
