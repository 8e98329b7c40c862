import { App } from 'antd';
import type { ButtonProps } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { decide, validateReport, type FieldProblem } from '@shared/report/rules';
import type { ReportDetail } from '@shared/schemas/report';
import { isApiError } from '@web/lib/api-error';
import { currentLocale } from '@web/lib/i18n';
import { joinTexts } from '@web/lib/join-texts';
import { openPrintPage } from '@web/lib/print-page';
import { reportApi, type ReportWrite } from '../api/report-api';
import { clearDraft } from '../lib/local-draft';
import { useAuditSignature } from './use-audit-signature';
import { useEditorStore, type Working } from '../stores/editor-store';
import type { ReportScreen } from './use-report-screen';
import { type NewerText, useWriteSupport } from './use-write-support';
import { showContentCheck } from './write-dialogs';
import { useSideWrites } from './use-side-writes';

export interface ActionHandlers {
  /** Save with a blank body part opens the body-part search. */
  onNeedBodyPart: () => void;
  /** Compare the newer text of a conflict against the doctor's own. */
  onCompare: (newer: NewerText) => void;
  /** Leave the screen (after an audit with autoShRptClose, or Close). */
  onClose: () => void;
}

const PROBLEM_KEYS = {
  RPT_GOOD_STATUS: 'validate.goodStatus',
  IMAGE_QUALITY: 'validate.imageQuality',
  STUDY_DESC: 'validate.studyDesc',
  FINDINGS: 'validate.findings',
  OPINION: 'validate.opinion',
} as const satisfies Record<FieldProblem, string>;

/** The working copy as the body of a save or an audit of `report`. */
function writeBody(studyIuid: string, report: ReportDetail, s: Working, removeCheck: boolean): ReportWrite {
  return {
    study_iuid: studyIuid,
    rpt_position: report.rpt_position,
    version: report.version,
    rpt_good_status: s.rpt_good_status,
    image_quality: s.image_quality,
    study_desc: s.study_desc,
    report_text1: s.findings,
    report_text2: s.opinion,
    rpt_detail: s.detail,
    RemoveCheck: removeCheck,
  };
}

/** Save, audit, cancel audit, void, critical value, print: each with its dialogs and "please wait". */
export function useReportActions(screen: ReportScreen, h: ActionHandlers) {
  const { t } = useTranslation('report');
  const { message, modal, notification } = App.useApp();

  const { run, failed, afterWrite, handleStale } = useWriteSupport(screen, h);
  const signAudit = useAuditSignature(screen, run);

  async function write(kind: 'save' | 'audit', removeCheck = false): Promise<void> {
    const s = useEditorStore.getState();
    const report = s.base ?? screen.report;
    const state = { rpt_status: report.rpt_status, third_party: !!report.third_party_pdf };
    const rule = decide(kind, state, { oneClickAudit: screen.settings.oneClickAudit });
    if (!rule.ok) {
      void message.warning(t(`refusal.${rule.reason}`));
      return;
    }
    const problems = validateReport(
      {
        rpt_good_status: s.rpt_good_status,
        image_quality: s.image_quality,
        study_desc: s.study_desc,
        report_text1: s.findings,
        report_text2: s.opinion,
      },
      { showray: screen.settings.showray },
    );
    if (problems.length) {
      void message.warning(
        joinTexts(
          problems.map((p) => t(PROBLEM_KEYS[p])),
          currentLocale(),
        ),
      );
      if (problems.includes('STUDY_DESC')) h.onNeedBodyPart();
      return;
    }
    const body = writeBody(screen.studyIuid, report, s, removeCheck);
    try {
      if (kind === 'audit' && !(await signAudit(body))) return;
      const r = await run(kind, () => (kind === 'save' ? reportApi.save(body) : reportApi.audit(body)));
      if (!r) return;
      // The certificate that just signed ends within 60 days: the spec's warning, as at sign-in.
      if (r.esign?.warning) notification.warning({ title: t('esign.expiring'), description: r.esign.warning });
      if (kind === 'audit' && screen.settings.autoShRptClose) {
        // The working copy now is the audited report: leaving writes no draft.
        useEditorStore.getState().load(r, s.study_desc);
        clearDraft(localStorage, { userPk: screen.userPk, studyIuid: screen.studyIuid, position: r.rpt_position });
        void message.success(t('done.audit'));
        h.onClose();
        return;
      }
      afterWrite(r, t(kind === 'save' ? 'done.save' : 'done.audit'), body.study_desc.trim());
    } catch (e) {
      if (isApiError(e) && e.error === 'CONTENT_CHECK') {
        showContentCheck(modal, t, e, () => void write(kind, true));
      } else if (isApiError(e) && e.error === 'STALE_VERSION') {
        handleStale(e);
      } else await failed(e);
    }
  }

  const transition = useCallback(
    async (kind: 'cancelAudit' | 'invalid') => {
      const report = useEditorStore.getState().base ?? screen.report;
      const ref = { study_iuid: screen.studyIuid, rpt_position: report.rpt_position, version: report.version };
      try {
        const r = await run(kind, () => (kind === 'cancelAudit' ? reportApi.cancelAudit(ref) : reportApi.invalid(ref)));
        if (r) afterWrite(r, t(kind === 'cancelAudit' ? 'done.cancelAudit' : 'done.invalid'));
      } catch (e) {
        if (isApiError(e) && e.error === 'STALE_VERSION') handleStale(e);
        else await failed(e);
      }
    },
    [screen, run, afterWrite, failed, t, handleStale],
  );

  const { setCritical, addAddendum } = useSideWrites(screen, { run, failed, afterWrite, handleStale });

  return {
    save: () => write('save'),
    addAddendum,
    audit: () => write('audit'),
    cancelAudit: () => transition('cancelAudit'),
    invalid: () =>
      modal.confirm({
        title: t('confirm.invalidTitle'),
        content: t('confirm.invalid'),
        okButtonProps: { danger: true, 'data-testid': 'rw-invalid-ok' } as ButtonProps,
        onOk: () => transition('invalid'),
      }),
    setCritical,
    print: () => {
      const r = useEditorStore.getState().base ?? screen.report;
      if (!decide('print', { rpt_status: r.rpt_status, third_party: !!r.third_party_pdf }).ok) {
        void message.warning(t('refusal.NOT_AUDITED'));
        return;
      }
      openPrintPage(screen.studyIuid, r.rpt_pk);
    },
  };
}
