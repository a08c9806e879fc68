import { lazy, Suspense, useState } from 'react';
import { useToasts } from './use-toast';

const Toaster = lazy(() => import('./toaster').then((m) => ({ default: m.Toaster })));

/**
 * Mounts the toaster (Radix Toast) with the first toast and keeps it from then on, so a first page
 * load that shows no toast does not fetch it.
 */
export function ToastHost() {
  const hasToast = useToasts().length > 0;
  const [needed, setNeeded] = useState(false);
  if (hasToast && !needed) setNeeded(true);
  return needed ? (
    <Suspense>
      <Toaster />
    </Suspense>
  ) : null;
}
