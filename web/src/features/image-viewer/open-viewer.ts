import { openSignedInTab } from '@web/lib/signed-in-tab';

/**
 * Opens the study in the web viewer (hash route /readingFilm, the spec's `uid` query), signed in as this tab; one
 * window per study (a second click brings that window back).
 */
export function openImageViewer(studyIuid: string): void {
  const q = new URLSearchParams({ uid: studyIuid });
  openSignedInTab(`/readingFilm?${q.toString()}`, `rx-viewer-${studyIuid.replace(/\D/g, '')}`);
}
