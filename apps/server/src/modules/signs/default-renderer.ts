import { AppError } from '../../lib/errors';
import type { SignRenderer } from '../../lib/signs/sign-renderer';

/**
 * The renderer the app uses. Until the renderer of apps/server/src/lib/signs/ is merged (issue 34's
 * other part), every call answers 503 sign_renderer_unavailable: nothing is checked or drawn.
 */
export function defaultSignRenderer(): SignRenderer {
  const unavailable = async (): Promise<never> => {
    throw new AppError(503, 'The sign renderer is not available', 'sign_renderer_unavailable');
  };
  return { check: unavailable, generate: unavailable, preview: unavailable };
}
