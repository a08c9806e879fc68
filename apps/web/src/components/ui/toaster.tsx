import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Toast as ToastPrimitive } from 'radix-ui';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cva } from 'class-variance-authority';
import { cn } from '@/lib/cn';
import { usePhone } from '@/lib/use-media-query';
import { bottomBarsHeight } from './bottom-bars';
import { dismissToast, useToasts } from './use-toast';

const toastVariants = cva(
  'group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-md border p-4 pr-8 shadow-lg',
  {
    variants: {
      variant: {
        default: 'border-border bg-background text-foreground',
        destructive: 'border-destructive bg-destructive text-destructive-foreground',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

/** Renders the toast store; its stacking level is raised above everything after 500 ms. */
export function Toaster() {
  const toasts = useToasts();
  const { t } = useTranslation();
  const [raised, setRaised] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setRaised(true), 500);
    return () => clearTimeout(timer);
  }, []);
  // On a phone the toasts sit at the foot of the screen, above any bar fixed there.
  const phone = usePhone();
  const viewport = useRef<HTMLOListElement>(null);
  const [bottom, setBottom] = useState(0);
  const latest = toasts.at(-1)?.id;
  useLayoutEffect(() => {
    if (phone) setBottom(bottomBarsHeight(viewport.current));
  }, [phone, latest]);
  return (
    <ToastPrimitive.Provider duration={5000}>
      {toasts.map((item) => (
        <ToastPrimitive.Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => !open && dismissToast(item.id)}
          className={toastVariants({ variant: item.variant })}
          data-testid="toast"
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{item.title ?? t('toast.no_title')}</ToastPrimitive.Title>
            {/* The defaults are for a toast given nothing (spec 000 §8): a title alone stays alone. */}
            {(item.description !== undefined || item.title === undefined) && (
              <ToastPrimitive.Description className="text-sm whitespace-pre-line opacity-90">
                {item.description ?? t('toast.no_message')}
              </ToastPrimitive.Description>
            )}
          </div>
          <ToastPrimitive.Close aria-label={t('common.close')} className="absolute top-2 right-2 opacity-70 hover:opacity-100">
            <X className="size-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      {/*
        On a desk below the header (h-14), so a toast never covers its menu button, bell or account
        menu. On a phone the page's heading sits right under the header and a toast there hid it
        (issue 33): at the foot of the screen instead. The empty viewport lets clicks through to what
        is under it (each toast takes its own).
      */}
      <ToastPrimitive.Viewport
        ref={viewport}
        style={phone ? { bottom } : undefined}
        className={cn(
          'pointer-events-none fixed left-1/2 flex w-full max-w-sm -translate-x-1/2 flex-col gap-2 p-4',
          phone ? 'pb-[max(1rem,env(safe-area-inset-bottom))]' : 'top-14',
          raised ? 'z-[999999999]' : 'z-50',
        )}
        data-testid="toast-viewport"
      />
    </ToastPrimitive.Provider>
  );
}
