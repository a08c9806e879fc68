import type { PreflightCheck, PreflightStatus } from '@promo/shared';

/** The HQ files the preflight reads, by extension, and the library that reads each; others (ai, zip, ...) get none. */
export const READERS = { tiff: 'raster', png: 'raster', jpg: 'raster', jpeg: 'raster', psd: 'psd', pdf: 'pdf' } as const;
export type PreflightExtension = keyof typeof READERS;
export const isPreflightExtension = (ext: string): ext is PreflightExtension => Object.hasOwn(READERS, ext);

/** PSD and PDF are read whole into memory: larger files are not checked. */
export const MAX_READ_BYTES = 256 * 2 ** 20;

/** What the worker thread is asked (runner.ts → worker.ts). */
export interface PreflightJob {
  /** A path on this machine. */
  file: string;
  extension: PreflightExtension;
  /** The surface size with its unit, as stored with the preflight ('H50 x W70 cm'). */
  surface: string;
  maxReadBytes?: number;
}

export interface PreflightOutcome {
  status: Exclude<PreflightStatus, 'pending'>;
  checks: PreflightCheck[];
}
