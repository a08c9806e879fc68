import { useTranslation } from 'react-i18next';
import type { PreflightDesign, SendToPrintersPreflight } from '@promo/shared';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '@/components/ui/dialog';
import { usePreflightText } from '@/features/promotion-design/proofing/preflight-badge';

/**
 * Send to printers refused for print files with preflight errors (issue 14): the designs and
 * what was found; an admin may send anyway (recorded), anyone else fixes the files first.
 */
export function PreflightRefusedDialog({
  found,
  mayOverride,
  busy,
  onSendAnyway,
  onClose,
}: {
  found: SendToPrintersPreflight | null;
  mayOverride: boolean;
  busy: boolean;
  onSendAnyway: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const text = usePreflightText();
  const line = (d: PreflightDesign) => `${d.surface_name} – ${d.design_name}: ${d.file_name}`;
  return (
    <Dialog open={!!found} onOpenChange={(o) => !o && onClose()}>
      <DialogContent role="alertdialog" className="max-w-2xl" data-testid="preflight-refused">
        <DialogTitle>{t('report.preflight_refused_title')}</DialogTitle>
        <DialogDescription>{t(mayOverride ? 'report.preflight_refused_admin' : 'report.preflight_refused_others')}</DialogDescription>
        <ul className="grid gap-2 text-sm" data-testid="preflight-error-designs">
          {found?.preflight_errors.map((d) => (
            <li key={`${d.psd_id}-${d.message_id}`} className="rounded-md border border-red-200 bg-red-50 p-2 text-red-900">
              <p className="font-semibold">{line(d)}</p>
              <ul className="list-disc pl-5">
                {d.checks.map((c, i) => (
                  <li key={i}>{text(c)}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
        {!!found?.preflight_pending.length && (
          <p className="text-sm text-muted-foreground">{t('report.preflight_pending', { files: found.preflight_pending.map(line).join('; ') })}</p>
        )}
        {!!found?.preflight_failed.length && (
          <p className="text-sm text-muted-foreground">{t('report.preflight_failed', { files: found.preflight_failed.map(line).join('; ') })}</p>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {t(mayOverride ? 'common.cancel' : 'common.close')}
          </Button>
          {mayOverride && (
            <Button variant="destructive" disabled={busy} onClick={onSendAnyway} data-testid="send-anyway">
              {t('report.send_anyway')}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
