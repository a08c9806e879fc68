import { useEffect, useState, type ComponentProps, type ReactNode } from 'react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { useBlocker } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from './dialog';

/**
 * "Discard changes?" before changed, unsaved work is left. Escape, an overlay click and "Keep
 * editing" all stay. It takes no history entry of its own: the form's dialog or the router's
 * blocker already holds the one that back would leave.
 */
export function DiscardChangesDialog({ open, onStay, onDiscard }: { open: boolean; onStay: () => void; onDiscard: () => void }) {
  const { t } = useTranslation();
  return (
    <DialogPrimitive.Root open={open} onOpenChange={(next) => !next && onStay()}>
      <DialogContent role="alertdialog" className="max-w-md" data-testid="discard-changes">
        <DialogTitle>{t('unsaved.title')}</DialogTitle>
        <DialogDescription>{t('unsaved.description')}</DialogDescription>
        <DialogFooter>
          <Button variant="outline" onClick={onStay}>
            {t('unsaved.keep')}
          </Button>
          <Button variant="destructive" onClick={onDiscard}>
            {t('unsaved.discard')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </DialogPrimitive.Root>
  );
}

/**
 * A dialog holding a form: while `dirty`, closing it (Escape, the overlay, the X, DialogCancel, back)
 * asks first. A save closes it through onOpenChange directly, without asking.
 */
export function FormDialog({
  open,
  onOpenChange,
  dirty,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  dirty: boolean;
  children: ReactNode;
}) {
  const [asking, setAsking] = useState(false);
  const request = (next: boolean) => {
    if (next || !dirty) return onOpenChange(next);
    setAsking(true);
    return false;
  };
  return (
    <>
      <Dialog open={open} onOpenChange={request}>
        {children}
      </Dialog>
      <DiscardChangesDialog
        open={open && asking}
        onStay={() => setAsking(false)}
        onDiscard={() => {
          setAsking(false);
          onOpenChange(false);
        }}
      />
    </>
  );
}

/** A form dialog's Cancel: it closes the way Escape does, so a changed form asks first. */
export function DialogCancel({ children, ...props }: ComponentProps<typeof Button>) {
  const { t } = useTranslation();
  return (
    <DialogPrimitive.Close asChild>
      <Button type="button" variant="outline" {...props}>
        {children ?? t('common.cancel')}
      </Button>
    </DialogPrimitive.Close>
  );
}

/**
 * A page form: while `when`, a link, back or any other move to another address asks first, and the
 * browser asks before a reload or closing the tab. Moves that keep the address (a dialog's own
 * history entry) pass; with `keepsSearch`, so do moves within the page (its list's pages and
 * filters), for a page that keeps its work across them.
 */
export function LeaveGuard({ when, keepsSearch = false }: { when: boolean; keepsSearch?: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when && (currentLocation.pathname !== nextLocation.pathname || (!keepsSearch && currentLocation.search !== nextLocation.search)),
  );
  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);
  return <DiscardChangesDialog open={blocker.state === 'blocked'} onStay={() => blocker.reset?.()} onDiscard={() => blocker.proceed?.()} />;
}
