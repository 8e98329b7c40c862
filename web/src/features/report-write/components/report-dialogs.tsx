import { RPT_STATUS } from '@shared/constants';
import { PERMISSIONS } from '@shared/permissions';
import { Modal } from 'antd';
import { HotkeyHelp } from '@web/components/hotkey-help';
import { useTranslation } from 'react-i18next';
import type { StudyDetail } from '@shared/schemas/report';
import type { useReportPage } from '../hooks/use-report-page';
import { useEditorStore } from '../stores/editor-store';
import { AddendumModal } from './addendum-modal';
import { BodyPartDrawer } from './body-part-drawer';
import { CriticalModal } from './critical-modal';
import { DiffView } from './diff-view';
import { PatientEditModal } from './patient-edit-modal';
import { QcDialog } from './qc-dialog';
import { VersionsDrawer } from './versions-drawer';

type Page = ReturnType<typeof useReportPage>;

/** The dialogs both report pages open: body part, critical value, patient info, versions, QC, conflict compare. */
export function ReportDialogs({ page, study }: { page: Page; study: StudyDetail }) {
  const { t } = useTranslation('report');
  const findings = useEditorStore((s) => s.findings);
  const opinion = useEditorStore((s) => s.opinion);
  const close = () => page.setDialog(null);
  return (
    <>
      <BodyPartDrawer
        open={page.dialog === 'bodyPart'}
        modality={study.modality}
        onClose={close}
        onChoose={page.chooseBodyPart}
      />
      <CriticalModal
        open={page.dialog === 'critical'}
        report={page.report}
        onClose={close}
        onSubmit={page.setCritical}
      />
      <AddendumModal
        open={page.dialog === 'addendum'}
        report={page.report}
        onClose={close}
        onSubmit={page.addAddendum}
      />
      <HotkeyHelp open={page.dialog === 'hotkeys'} onClose={close} />
      <PatientEditModal open={page.dialog === 'patient'} study={study} onClose={close} onSaved={page.patientSaved} />
      <VersionsDrawer
        open={page.dialog === 'versions'}
        onClose={close}
        studyIuid={study.study_iuid}
        report={page.report}
        canRetry={page.screen.can(PERMISSIONS.REPORT_RETRY)}
      />
      <QcDialog study={study} audited={page.report.rpt_status === RPT_STATUS.AUDITED} />
      <Modal
        open={!!page.comparison}
        footer={null}
        width={760}
        onCancel={() => page.setComparison(null)}
        title={t('compare.conflictTitle', { user: page.comparison?.who ?? '' })}
      >
        {page.comparison && (
          <DiffView
            before={{ findings: page.comparison.report_text1, opinion: page.comparison.report_text2 }}
            after={{ findings, opinion }}
          />
        )}
      </Modal>
    </>
  );
}
