import { App } from 'antd';
import type { ButtonProps } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { decide } from '@shared/report/rules';
import type { KnowledgeNode } from '@shared/schemas/knowledge';
import type { ScanItem } from '@shared/schemas/patient';
import type { ReportInfo, StudyDetail } from '@shared/schemas/report';
import { reportInfoQuery } from '../api/report-api';
import { knowledgeApi } from '../api/knowledge-api';
import { buttonStates, type ActionButton } from '../lib/button-rules';
import { textsDirty, useEditorStore } from '../stores/editor-store';
import type { ExtraButton } from '../components/status-panel';
import { useDeskKeys } from './use-desk-keys';
import { overflowPrompt } from './write-dialogs';
import { useDraftSafety } from './use-draft-safety';
import { useReportActions } from './use-report-actions';
import { useReportScreen } from './use-report-screen';
import { useStudyLock } from './use-study-lock';

export type Dialog = 'bodyPart' | 'critical' | 'addendum' | 'patient' | 'versions' | 'knowledge' | 'hotkeys' | null;
export interface Comparison {
  report_text1: string;
  report_text2: string;
  who: string;
}

/**
 * Everything both report pages (the full screen and the simple page) share: the report, its working
 * copy, the actions with their rules and dialogs, draft safety, the study lock and template use.
 */
export function useReportPage(studyIuid: string, onClose: () => void) {
  const { t } = useTranslation('report');
  const { message, modal } = App.useApp();
  const qc = useQueryClient();
  const screen = useReportScreen(studyIuid);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [comparison, setComparison] = useState<Comparison | null>(null);
  const busy = useEditorStore((s) => s.busy);

  const actions = useReportActions(screen, {
    onNeedBodyPart: () => setDialog('bodyPart'),
    onCompare: setComparison,
    onClose,
  });
  useDraftSafety(screen);
  const heldBy = useStudyLock(studyIuid, !!screen.info);

  const report = screen.report;
  const state = { rpt_status: report.rpt_status, third_party: !!report.third_party_pdf };
  const editable = decide('save', state).ok;
  const buttons = useMemo(
    () =>
      buttonStates({
        ...state,
        can: screen.can,
        oneClickAudit: screen.settings.oneClickAudit,
        busy: !!busy,
      }),
    // state is derived from report
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [report, screen.can, screen.settings.oneClickAudit, busy],
  );

  const applyTemplate = useCallback(
    (n: KnowledgeNode) => {
      if (!n.isleaf) return;
      const r = useEditorStore.getState().base ?? report;
      if (!decide('applyTemplate', { rpt_status: r.rpt_status, third_party: !!r.third_party_pdf }).ok) {
        void message.warning(t('refusal.NOT_NEW'));
        return;
      }
      useEditorStore.getState().patch({ findings: n.sj, opinion: n.yj });
      void knowledgeApi.use(n.pk).then(() => qc.invalidateQueries({ queryKey: ['knowledge'] }));
      void message.success(t('knowledge.applied', { label: n.label }));
    },
    [report, message, t, qc],
  );

  const chooseBodyPart = (item: ScanItem) => {
    useEditorStore.getState().patch({ study_desc: item.description });
    setDialog(null);
  };

  const close = () => {
    if (!textsDirty(useEditorStore.getState()) || !editable) return onClose();
    modal.confirm({
      title: t('confirm.closeTitle'),
      content: t('confirm.close'),
      okButtonProps: { 'data-testid': 'rw-close-ok' } as ButtonProps,
      onOk: onClose,
    });
  };

  const onOverflow = (kind: 'add-page' | 'max') => overflowPrompt(kind, { modal, message, t });

  const onAction = (b: ActionButton | ExtraButton) => {
    switch (b) {
      case 'save':
        return void actions.save();
      case 'audit':
        return void actions.audit();
      case 'cancelAudit':
        return void actions.cancelAudit();
      case 'invalid':
        return void actions.invalid();
      case 'print':
        return actions.print();
      case 'critical':
        return setDialog('critical');
      case 'addendum':
        return setDialog('addendum');
      case 'patientInfo':
      case 'applyInfo':
        return setDialog('patient');
      case 'versions':
        return setDialog('versions');
      case 'knowledge':
        return setDialog('knowledge');
      case 'bodyPart':
        return setDialog('bodyPart');
      case 'close':
        return close();
    }
  };

  useDeskKeys({ studyIuid, buttons, onAction, editable, onHelp: () => setDialog('hotkeys') });

  return {
    screen,
    report,
    editable,
    buttons,
    heldBy,
    dialog,
    setDialog,
    comparison,
    setComparison,
    applyTemplate,
    chooseBodyPart,
    onAction,
    onOverflow,
    setCritical: actions.setCritical,
    addAddendum: actions.addAddendum,
    /** The study changed (patient edit): show it, keep the doctor's unsaved text. */
    patientSaved: (study: StudyDetail) => {
      qc.setQueryData<ReportInfo>(reportInfoQuery(studyIuid).queryKey, (old) => (old ? { ...old, study } : old));
      useEditorStore.getState().patch({ study_desc: study.study_desc });
    },
  };
}
