/** The web viewer's address for a study (hash route /readingFilm, the spec's `uid` query). */
export function viewerHref(studyIuid: string): string {
  return `${window.location.pathname}#/readingFilm?uid=${encodeURIComponent(studyIuid)}`;
}

/** Opens the study in the web viewer, one window per study (a second click brings that window back). */
export function openImageViewer(studyIuid: string): void {
  window.open(viewerHref(studyIuid), `rx-viewer-${studyIuid.replace(/\D/g, '')}`);
}
