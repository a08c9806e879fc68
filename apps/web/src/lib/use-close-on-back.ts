import { useEffect, useRef } from 'react';

/**
 * The browser back button closes an open modal (spec 000 §2): opening pushes a history entry
 * with the same URL; back pops it and closes; closing otherwise takes the entry away again.
 */
export function useCloseOnBack(open: boolean, onClose: () => void | boolean) {
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  useEffect(() => {
    if (!open) return;
    const marker = `modal-${Math.random().toString(36).slice(2)}`;
    window.history.pushState({ ...window.history.state, modal: marker }, '');
    let popped = false;
    const onPop = () => {
      // Back from a modal opened on top of this one lands on this modal's own entry: stay open.
      if (window.history.state?.modal === marker) return;
      popped = true;
      // A modal that stays open (a changed form asking first) takes its entry back.
      if (onCloseRef.current() === false) {
        popped = false;
        window.history.pushState({ ...window.history.state, modal: marker }, '');
      }
    };
    window.addEventListener('popstate', onPop);
    return () => {
      window.removeEventListener('popstate', onPop);
      if (!popped && window.history.state?.modal === marker) window.history.back();
    };
  }, [open]);
}
