import { CONFIG_CACHE_MS } from '@shared/constants';
import type { ReportConfig } from '@shared/report/document';
import { apiGet } from '@web/lib/api-client';
import { queryClient } from '@web/lib/query-client';
import { useSessionStore } from '@web/lib/session-store';
import { openSignedInTab } from '@web/lib/signed-in-tab';
import { viewerLink } from './lib/viewer-link';

/** The report screens' configuration (the same cache entry): where images open is in it. */
const CONFIG = {
  queryKey: ['report-config'],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiGet<ReportConfig>('/tool/reportConfig', undefined, { signal, silent: true }),
  staleTime: CONFIG_CACHE_MS,
};

/** Loads the configuration ahead of the click, which must open its window at once (pop-up blockers). */
function prefetchViewerConfig(): void {
  if (useSessionStore.getState().token) void queryClient.prefetchQuery(CONFIG);
}
prefetchViewerConfig();
// This code can load on the sign-in page (the worklist's, while the user types): fetch once signed in.
useSessionStore.subscribe((s, before) => {
  if (s.token && !before.token) prefetchViewerConfig();
});

/**
 * Opens the study's images where sys_config says (imageViewer, openType; lib/viewer-link.ts): by default the web
 * viewer (hash route /readingFilm, the spec's `uid` query), signed in as this tab, one window per study (a second
 * click brings that window back).
 */
export function openImageViewer(studyIuid: string): void {
  const link = viewerLink(queryClient.getQueryData<ReportConfig>(CONFIG.queryKey), studyIuid);
  prefetchViewerConfig();
  if (link.kind === 'route') {
    if (link.target === '_self') window.location.hash = `#${link.route}`;
    else openSignedInTab(link.route, link.target);
  } else if (link.target === '_self') window.location.assign(link.url);
  else window.open(link.url, '_blank', 'noopener');
}
