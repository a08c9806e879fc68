import { useState } from 'react';

/**
 * The last data a query delivered: a failed load or a list of the wrong shape leaves the previous
 * list on screen instead of emptying it (spec 000 §7, §8).
 */
export function useLastGood<T>(data: T | undefined): T | undefined {
  const [shown, setShown] = useState<T | undefined>(data);
  if (data !== undefined && data !== shown) setShown(data);
  return data ?? shown;
}
