import { useCallback, useEffect, useRef } from 'react';
import type { PaneReport } from '../components/prior-pane';
import { sameWindowScale, syncedIndex } from '../lib/sync';

type Who = 'main' | 'prior';

/** Moves a pane to the other's place in its stack, and to its window when both are of one modality. */
function follow(from: PaneReport, to: PaneReport): void {
  if (!from.state || !to.view || !to.state) return;
  const index = syncedIndex(from.state.index, from.state.total, to.state.total);
  if (index !== to.state.index) to.view.setIndex(index);
  const w = from.state.window;
  const same = w && w.center === to.state.window?.center && w.width === to.state.window?.width;
  if (w && !same && sameWindowScale(from.modality, to.modality)) to.view.setWindow(w);
}

/**
 * The study and a prior beside it scroll and window together: the pane the person last worked in leads
 * (a click or the wheel over it), the other follows; the follower's own changes then go nowhere.
 */
export function useLinkedPanes(main: PaneReport, prior: PaneReport | null) {
  const leader = useRef<Who>('main');
  const m = main.state;
  const p = prior?.state;
  useEffect(() => {
    if (prior && leader.current === 'main') follow(main, prior);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- what the leader shows, and the prior arriving
  }, [m?.index, m?.window?.center, m?.window?.width, prior?.view, p?.total]);
  useEffect(() => {
    if (prior && leader.current === 'prior') follow(prior, main);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- what the leader shows
  }, [p?.index, p?.window?.center, p?.window?.width]);
  return useCallback((who: Who) => {
    leader.current = who;
  }, []);
}
