import { useTranslation } from 'react-i18next';
import type { PrinterParcelStatus } from '@promo/shared';
import { trackingLink } from '../api';

/** The printers' parcels to the distributor and whether they have been passed on. */
export function PrintedParcels({ parcels, trackingUrl }: { parcels: PrinterParcelStatus[]; trackingUrl: string }) {
  const { t } = useTranslation();
  if (!parcels.length) return null;
  return (
    <div className="rounded-lg border p-3 text-sm" data-testid="printed-parcels">
      <h2 className="mb-2 font-medium">{t('report.printed_parcels')}</h2>
      <ul className="grid gap-1">
        {parcels.map((p) => (
          <li key={p.id} className="flex flex-wrap gap-2">
            <a href={trackingLink(trackingUrl, p.tracker_number)} target="_blank" rel="noreferrer" className="text-primary underline">
              {p.tracker_number}
            </a>
            <span className="text-muted-foreground">{p.surfaces.map((s) => `${s.surface.name} - ${s.design.name}`).join(', ')}</span>
            <span className="rounded bg-muted px-1.5 text-xs">{t(`report.parcel_status.${p.status}`)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
