import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { reportApi } from '../api/report-api';
import { sendOnExit } from './use-draft-safety';

/** Renewed well inside the server's 30-minute staleness, so an open screen keeps its lock. */
const RENEW_MS = 5 * 60_000;

/**
 * Marks the study as held by this user while the screen is open and releases it when the screen or the
 * tab closes; only the user's own lock is released. Answers who holds it when someone else does.
 */
export function useStudyLock(studyIuid: string, enabled: boolean) {
  const qc = useQueryClient();
  const [heldBy, setHeldBy] = useState('');
  useEffect(() => {
    if (!studyIuid || !enabled) return;
    let mine = false;
    let cancelled = false;
    const take = () =>
      reportApi
        .lock(studyIuid)
        .then((l) => {
          if (cancelled) return;
          mine = l.mine;
          setHeldBy(l.mine ? '' : l.lock_status);
        })
        .catch(() => undefined);
    // Closing the tab: release the study with a request that outlives the page (never someone else's lock).
    const onPageHide = (ev: PageTransitionEvent) => {
      if (mine && !ev.persisted) sendOnExit('/report/cleanLock', { study_iuid: studyIuid });
    };
    void take();
    const timer = window.setInterval(() => void take(), RENEW_MS);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      cancelled = true;
      window.clearInterval(timer);
      window.removeEventListener('pagehide', onPageHide);
      if (mine) void reportApi.cleanLock(studyIuid).catch(() => undefined);
      void qc.invalidateQueries({ queryKey: ['orders'] });
    };
  }, [studyIuid, enabled, qc]);
  return heldBy;
}
