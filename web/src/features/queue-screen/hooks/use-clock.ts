import { useEffect, useState } from 'react';
import { CLOCK_TICK_MS } from '@shared/constants';

/** The time now, ticking every second. */
export function useClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), CLOCK_TICK_MS);
    return () => clearInterval(id);
  }, []);
  return now;
}
