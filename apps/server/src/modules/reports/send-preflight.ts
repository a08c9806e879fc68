import type { PreflightDesign, SendToPrintersPreflight } from '@promo/shared';
import type { DbOrTx } from '../../db/client';
import { newestHqFiles } from '../print/hq-files';
import { preflightsOf } from '../preflight/store';

type Psd = { psd_id: number; surface_name: string; design_name: string };

/**
 * What the preflight found in the current HQ files of the designs to be printed: errors (which
 * need an admin's confirmation), files not checked yet and files that could not be read.
 */
export async function preflightOfSending(db: DbOrTx, psds: Psd[]): Promise<SendToPrintersPreflight> {
  const found: SendToPrintersPreflight = { preflight_errors: [], preflight_pending: [], preflight_failed: [] };
  const hq = await newestHqFiles(db, psds.map((p) => p.psd_id));
  const preflights = await preflightsOf(db, hq.map((h) => h.file.id));
  for (const psd of psds) {
    for (const f of hq.filter((h) => h.psd_id === psd.psd_id).sort((a, b) => a.kind.localeCompare(b.kind))) {
      const preflight = preflights.get(f.file.id);
      if (!preflight || preflight.status === 'ok' || preflight.status === 'warnings') continue;
      const design: PreflightDesign = {
        psd_id: psd.psd_id,
        surface_name: psd.surface_name,
        design_name: psd.design_name,
        file_name: f.file.original_name,
        kind: f.kind,
        chat_id: f.chat_id,
        message_id: f.message_id,
        status: preflight.status,
        checks: preflight.status === 'errors' ? preflight.checks.filter((c) => c.level === 'error') : [],
      };
      found[preflight.status === 'errors' ? 'preflight_errors' : preflight.status === 'pending' ? 'preflight_pending' : 'preflight_failed'].push(design);
    }
  }
  return found;
}
