/** What the service worker and the page say to each other (no imports: both bundles take it). */
export const QUEUE_SYNC_TAG = 'offline-queue';
export const FLUSH_QUEUE_MESSAGE = 'flush-offline-queue';
