import type { ReactNode } from 'react';
import { Dialog, DialogContent, DialogTitle } from './dialog';

/**
 * A panel that slides up from the bottom of a phone's screen, within a thumb's reach (issue 21):
 * a modal like any other (Escape, the overlay, the back button close it), laid along the bottom edge.
 */
export function BottomSheet({ open, onOpenChange, title, children, testId }: { open: boolean; onOpenChange: (open: boolean) => void; title: string; children: ReactNode; testId?: string }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        data-testid={testId}
        className="top-auto bottom-0 left-0 max-h-[80dvh] w-full max-w-none translate-x-0 translate-y-0 rounded-t-2xl rounded-b-none p-4 pb-[max(1rem,env(safe-area-inset-bottom))]"
      >
        <span aria-hidden className="mx-auto -mt-1 h-1 w-10 rounded-full bg-border" />
        <DialogTitle>{title}</DialogTitle>
        {children}
      </DialogContent>
    </Dialog>
  );
}
