import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { buildUrl, requestHeaders } from '@web/lib/api-client';
import { isApiError } from '@web/lib/api-error';
import { feedback } from '@web/lib/feedback';
import { fetchMarks, saveMarks } from '../api/viewer-api';
import type { StackView } from '../cornerstone/stack-view';

/** A drag moves a mark many times a second: its set is saved once the hand rests. */
export const SAVE_DELAY_MS = 400;

/**
 * The signed-in user's measurements and annotations on the study: drawn again when the viewer opens, saved
 * (the whole set) after each change, and as the window closes. Nothing is saved until the saved set has
 * been drawn: a failed load must not let a new set replace the old one. A window with a viewer token only
 * neither loads nor saves.
 */
export function useSavedMarks(view: StackView | null, studyIuid: string | null, hasSession: boolean) {
  const { t } = useTranslation('imageViewer');
  useEffect(() => {
    if (!view || !studyIuid || !hasSession) return;
    let loaded = false;
    let dirty = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const failed = (e: unknown) =>
      feedback().message.error(t('marks.saveFailed', { msg: isApiError(e) ? e.message : String(e) }));
    const flush = () => {
      clearTimeout(timer);
      if (!loaded || !dirty) return;
      dirty = false;
      saveMarks(studyIuid, view.marks(studyIuid)).catch(failed);
    };
    view.setOnMarks(() => {
      dirty = true;
      clearTimeout(timer);
      timer = setTimeout(flush, SAVE_DELAY_MS);
    });
    fetchMarks(studyIuid).then((saved) => {
      view.restoreMarks(studyIuid, saved.annotations);
      loaded = true;
      if (dirty) flush();
    }, failed);
    const onExit = () => {
      if (!loaded || !dirty) return;
      dirty = false;
      putOnExit(studyIuid, view);
    };
    window.addEventListener('pagehide', onExit);
    return () => {
      window.removeEventListener('pagehide', onExit);
      view.setOnMarks(null);
      flush();
    };
  }, [view, studyIuid, hasSession, t]);
}

/** keepalive: the save outlives the window closing. */
function putOnExit(studyIuid: string, view: StackView): void {
  try {
    void fetch(buildUrl('/wado/annotations'), {
      method: 'PUT',
      keepalive: true,
      headers: { ...requestHeaders(), 'Content-Type': 'application/json' },
      body: JSON.stringify({ studyUID: studyIuid, annotations: view.marks(studyIuid) }),
    }).catch(() => undefined);
  } catch {
    // Over keepalive's 64 KB: the last change since the previous save is lost with the window.
  }
}
