import { createSignRenderer, type SignRendererHandle } from '../../lib/signs/runner';

/** The renderer the app uses (lib/signs/, decision 042): its worker threads, closed with the app. */
export function defaultSignRenderer(): SignRendererHandle {
  return createSignRenderer();
}
