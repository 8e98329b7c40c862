import { useEffect } from 'react';
import { WorklistPage } from '@web/features/worklist/components/worklist-page';

/** The report screen is the worklist's usual next step: its code is fetched once the browser is idle. */
function usePrefetchReportScreen() {
  useEffect(() => {
    const load = () => void import('./write-report');
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = window.setTimeout(load, 2000);
      return () => window.clearTimeout(timer);
    }
    const id = window.requestIdleCallback(load, { timeout: 5000 });
    return () => window.cancelIdleCallback(id);
  }, []);
}

export default function OrderListRoute() {
  usePrefetchReportScreen();
  return <WorklistPage />;
}
