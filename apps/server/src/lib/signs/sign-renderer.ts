import type { SignData, SignLayout, SignProblem } from '@promo/shared';

/**
 * What the rest of the server asks of the price-sign renderer (decision 042). It runs in the worker
 * thread the preflight uses; the event loop only passes messages.
 */
export interface SignJob {
  layout: SignLayout;
  /** The background file on this machine (PDF page 1, PNG or JPEG), or null. */
  background: string | null;
}

export type GenerateOutcome =
  | { ok: true; pages: number; bytes: number }
  | { ok: false; problems: SignProblem[] };

export type PreviewOutcome =
  | { ok: true; png: Uint8Array; width_px: number; height_px: number; problems: SignProblem[] }
  | { ok: false; problems: SignProblem[] };

export interface SignRenderer {
  /** Every rule and every field's fit, without drawing: what generate would refuse. */
  check(job: SignJob & { signs: SignData[] }): Promise<SignProblem[]>;
  /**
   * One PDF with a page per sign at trim + bleed, written to `out` (0600) a page at a time. Refuses,
   * writing nothing, when any sign has a problem.
   */
  generate(job: SignJob & { signs: SignData[]; out: string }): Promise<GenerateOutcome>;
  /** One sign's page rasterised (trim + bleed) at `width_px`; problems are marked, not refused. */
  preview(job: SignJob & { sign: SignData; width_px: number }): Promise<PreviewOutcome>;
}
