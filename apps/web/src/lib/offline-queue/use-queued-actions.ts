import { useEffect, useState } from 'react';
import { onQueueChange, queuedActions } from './queue';
import type { QueuedAction } from './store';

/** The signed-in user's actions still on the device (waiting, or refused), kept current. */
export function useQueuedActions() {
  const [actions, setActions] = useState<QueuedAction[]>([]);
  useEffect(() => {
    let live = true;
    const read = () => void queuedActions().then((list) => live && setActions(list));
    read();
    const stop = onQueueChange(read);
    return () => {
      live = false;
      stop();
    };
  }, []);
  return actions;
}
