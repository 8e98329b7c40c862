import { App } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportDetail } from '@shared/schemas/report';
import { isApiError, type ApiError } from '@web/lib/api-error';
import { clearDraft } from '../lib/local-draft';
import { useEditorStore, type BusyAction } from '../stores/editor-store';
import { showStaleConflict } from './write-dialogs';
import type { ReportScreen } from './use-report-screen';

export interface NewerText {
  report_text1: string;
  report_text2: string;
  who: string;
}

/**
 * What every write of the report screen shares: `run` (one at a time, with its "please wait"), `afterWrite`
 * (take the answer), `handleStale` (the version conflict dialog) and `failed` (any other refusal).
 */
export function useWriteSupport(screen: ReportScreen, h: { onCompare: (newer: NewerText) => void }) {
  const { t } = useTranslation('report');
  const { message, modal } = App.useApp();

  const run = useCallback(async <T>(busy: BusyAction, call: () => Promise<T>): Promise<T | undefined> => {
    const store = useEditorStore.getState();
    if (store.busy) return undefined;
    store.setBusy(busy);
    try {
      return await call();
    } finally {
      useEditorStore.getState().setBusy(null);
    }
  }, []);

  const failed = useCallback(
    async (e: unknown) => {
      if (!isApiError(e)) throw e;
      if (e.error === 'REPORT_STATE' || e.error === 'NOT_FOUND') await screen.reload();
      if (e.status === 401) return;
      void message.error(e.message || t('errors.generic'));
    },
    [message, screen, t],
  );

  // The write's answer is the report as it now is: the screen takes it without asking /report/info again.
  const afterWrite = useCallback(
    (r: ReportDetail, okText: string, studyDesc?: string) => {
      clearDraft(localStorage, { userPk: screen.userPk, studyIuid: screen.studyIuid, position: r.rpt_position });
      void message.success(okText);
      screen.accept(r, studyDesc);
    },
    [message, screen],
  );

  const handleStale = useCallback(
    (e: ApiError) => {
      const d = (e.data ?? {}) as Partial<ReportDetail>;
      const newer = { report_text1: d.report_text1 ?? '', report_text2: d.report_text2 ?? '', who: d.updated_by ?? '' };
      showStaleConflict(modal, t, e.message, {
        loadNewer: () => void screen.reload(),
        compare: () => h.onCompare(newer),
        keepMine: () => {
          // The doctor has seen the conflict and keeps their text: the next save is based on the newer version.
          const base = useEditorStore.getState().base;
          if (base && typeof d.version === 'number') {
            useEditorStore.getState().rebase({ ...base, ...d, version: d.version } as ReportDetail);
          }
        },
      });
    },
    [modal, t, screen, h],
  );

  return { run, failed, afterWrite, handleStale };
}
