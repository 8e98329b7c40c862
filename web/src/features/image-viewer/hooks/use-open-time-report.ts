import { useEffect, type RefObject } from 'react';
import type { ViewerStudy } from '@shared/schemas/image-viewer';
import type { UseTimeSave } from '@shared/schemas/statistics';
import { buildUrl, requestHeaders } from '@web/lib/api-client';
import { getToken } from '@web/lib/session-store';
import { OpenTime } from '../lib/open-time';

/** How often the window checks whether the study is complete and the first image is on screen. */
const CHECK_MS = 1000;

/**
 * Posts the opening's download time (`POST /monitor/saveUseTime`) once: when every image of the study has
 * loaded, or when the window closes after the first image. Fire-and-forget: no toast, no waiting, a
 * failure is dropped; only a window with a session posts (a token-only window has no user to name).
 */
export function useOpenTimeReport(element: RefObject<HTMLElement | null>, study: ViewerStudy | null): void {
  useEffect(() => {
    if (!study || !getToken() || typeof PerformanceObserver === 'undefined') return;
    const total = study.series.reduce((n, s) => n + s.instances.length, 0);
    const measure = new OpenTime(study.study_iuid, total);
    let sent = false;
    const firstMs = () => Number(element.current?.dataset.firstImageMs ?? NaN);
    const send = () => {
      const first = firstMs();
      if (sent || !Number.isFinite(first)) return;
      sent = true;
      post(measure.record(first, performance.now()));
    };
    const observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) measure.add(e as PerformanceResourceTiming);
    });
    observer.observe({ type: 'resource', buffered: true });
    const timer = setInterval(() => {
      if (measure.complete) send();
      if (sent) clearInterval(timer);
    }, CHECK_MS);
    window.addEventListener('pagehide', send);
    return () => {
      clearInterval(timer);
      observer.disconnect();
      window.removeEventListener('pagehide', send);
      send();
    };
  }, [element, study]);
}

/** keepalive: the request survives the window closing. */
function post(record: UseTimeSave): void {
  void fetch(buildUrl('/monitor/saveUseTime'), {
    method: 'POST',
    keepalive: true,
    headers: { ...requestHeaders(), 'Content-Type': 'application/json' },
    body: JSON.stringify(record),
  }).catch(() => undefined);
}
