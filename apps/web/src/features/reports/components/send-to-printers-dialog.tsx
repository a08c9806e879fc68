import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';

/** Send to printers: the manager's comment for the printers, then confirm. */
export function SendToPrintersDialog({ open, busy, onSend, onClose }: { open: boolean; busy: boolean; onSend: (comment: string) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const [comment, setComment] = useState('');
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <DialogTitle>{t('report.send_to_printers')}</DialogTitle>
        <DialogDescription>{t('report.send_to_printers_hint')}</DialogDescription>
        <FormField id="description-cm" label={t('report.comment_for_printers')}>
          <textarea id="description-cm" className="min-h-24 rounded-md border border-input bg-background px-3 py-2 text-sm" value={comment} onChange={(e) => setComment(e.target.value)} />
        </FormField>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button disabled={busy} onClick={() => onSend(comment)}>
            {t('report.send')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** The refusals of send to printers (spec 001 §4): not all designs complete, or surfaces without a printer. */
export function SendRefusedDialog({ refusal, onClose }: { refusal: { kind: 'incomplete' } | { kind: 'no_printer'; surfaces: { id: number; name: string }[] } | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={!!refusal} onOpenChange={(o) => !o && onClose()}>
      <DialogContent role="alertdialog">
        <DialogTitle>{refusal?.kind === 'incomplete' ? t('report.not_all_designs_complete') : t('report.surfaces_without_printer')}</DialogTitle>
        <DialogDescription>{refusal?.kind === 'incomplete' ? t('server.not_all_designs_complete') : t('server.surfaces_without_printer')}</DialogDescription>
        {refusal?.kind === 'no_printer' && (
          <ul className="list-disc pl-5 text-sm" data-testid="surfaces-without-printer">
            {refusal.surfaces.map((s) => (
              <li key={s.id}>{s.name}</li>
            ))}
          </ul>
        )}
        <DialogFooter>
          <Button onClick={onClose}>{t('common.close')}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
