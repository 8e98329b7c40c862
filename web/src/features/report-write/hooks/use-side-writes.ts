import { App } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportDetail } from '@shared/schemas/report';
import { isApiError } from '@web/lib/api-error';
import { reportApi } from '../api/report-api';
import { useEditorStore } from '../stores/editor-store';
import type { ReportScreen } from './use-report-screen';
import type { useWriteSupport } from './use-write-support';

type Support = Pick<ReturnType<typeof useWriteSupport>, 'run' | 'failed' | 'afterWrite' | 'handleStale'>;
type Base = { study_iuid: string; rpt_position: number; version: number };

/**
 * The writes beside the text: a critical value (keeps the doctor's unsaved text, moves the base on) and an
 * addendum to the audited report. Each from the base version, with the screen's stale and failure handling;
 * true when it was written.
 */
export function useSideWrites(screen: ReportScreen, s: Support) {
  const { t } = useTranslation('report');
  const { message } = App.useApp();
  const { run, failed, afterWrite, handleStale } = s;

  const sideWrite = useCallback(
    async (
      kind: 'critical' | 'addendum',
      call: (ref: Base) => Promise<ReportDetail>,
      done: (r: ReportDetail) => void,
    ): Promise<boolean> => {
      const base = useEditorStore.getState().base ?? screen.report;
      const ref = { study_iuid: screen.studyIuid, rpt_position: base.rpt_position, version: base.version };
      try {
        const r = await run(kind, () => call(ref));
        if (!r) return false;
        done(r);
        return true;
      } catch (e) {
        if (isApiError(e) && e.error === 'STALE_VERSION') handleStale(e);
        else await failed(e);
        return false;
      }
    },
    [screen, run, failed, handleStale],
  );

  const setCritical = useCallback(
    (isCritical: 0 | 1, text: string) =>
      sideWrite(
        'critical',
        (ref) => reportApi.critical({ ...ref, is_critical: isCritical, danger_val: text }),
        (r) => {
          useEditorStore.getState().rebase(r);
          void message.success(t('done.critical'));
        },
      ),
    [sideWrite, message, t],
  );

  const addAddendum = useCallback(
    (text: string) =>
      sideWrite(
        'addendum',
        (ref) => reportApi.addendum({ ...ref, text }),
        (r) => afterWrite(r, t('done.addendum')),
      ),
    [sideWrite, afterWrite, t],
  );

  return { setCritical, addAddendum };
}
