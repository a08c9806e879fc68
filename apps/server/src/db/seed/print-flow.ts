import { eq } from 'drizzle-orm';
import type { Role } from '@promo/shared';
import type { Db, DbOrTx } from '../client';
import { promotions, users } from '../schema';
import type { AuthContext } from '../../lib/auth-context';
import { setDistributorTracker } from '../../modules/distribution/service';
import { setPrinted } from '../../modules/print/service';
import { loadReport } from '../../modules/reports/load';
import { sendToPrinters } from '../../modules/reports/service';
import type { PrintStep } from './promotions';

const as = (u: { id: number; name: string; surname: string; email: string; role: string }): AuthContext => ({
  user: { ...u, role: u.role as Role },
  sessionId: 0,
  impersonatorId: null,
});

/**
 * Takes the seeded promotions through the print flow with the real services, so the demo data
 * obeys the same rules: sent to printers, printed (partly or fully), distributed (partly or fully).
 */
export async function seedPrintFlow(db: DbOrTx, plans: { id: number; step: PrintStep }[]) {
  const tx = db as Db;
  const people = await tx.select({ id: users.id, name: users.name, surname: users.surname, email: users.email, role: users.role }).from(users);
  const byId = (id: number) => as(people.find((p) => p.id === id)!);
  const distributor = as(people.find((p) => p.email === 'distributor@demo.no')!);
  let tracker = 70_000_000;
  const nextTracker = () => `CC${++tracker}NO`;

  for (const plan of plans.filter((p) => p.step !== 'ready')) {
    const [promotion] = await tx.select().from(promotions).where(eq(promotions.id, plan.id));
    const sent = await sendToPrinters(tx, byId(promotion!.manager_id!), { promotion_id: plan.id, percent_report: 10, description_cm: 'Husk riktig papirkvalitet. / Mind the paper quality.' });
    if (!sent.sent) throw new Error(`seed: ${promotion!.name} has surfaces without a printer`);
    const report = await loadReport(tx, plan.id);
    const due = report.psds.filter((p) => report.totals.get(p.psd_id)!.total > 0);
    const printers = [...new Set(due.map((p) => p.printer_id!))];
    for (const [i, printerId] of printers.entries()) {
      const pairs = due.filter((p) => p.printer_id === printerId).map((p) => ({ surface_id: p.surface_id, design_id: p.psd_id }));
      const chosen = plan.step === 'partly_printed' ? (i === 0 ? pairs.slice(0, 1) : []) : pairs;
      if (chosen.length) await setPrinted(tx, byId(printerId), { promotion_id: plan.id, printer_tracker_number: nextTracker(), description: 'Levert på pall. / Delivered on a pallet.', sent_surfaces: chosen });
    }
    if (plan.step === 'partly_printed') continue;
    const stations = [...report.cells.keys()];
    const reached = plan.step === 'delivered' ? stations : stations.slice(0, Math.ceil(stations.length / 2));
    for (const stationId of reached) {
      const pairs = [...report.cells.get(stationId)!.keys()].map((psdId) => ({ surface_id: report.psds.find((p) => p.psd_id === psdId)!.surface_id, design_id: psdId }));
      await setDistributorTracker(tx, distributor, { promotion_id: plan.id, company_id: stationId, tracker_number: nextTracker(), description: '', sent_surfaces: pairs });
    }
  }
}

