import { useNavigate, useSearchParams } from 'react-router-dom';
import { closeStudyIfConfigured } from '@web/features/agent-bridge/bridge';
import { ForwardButton } from '@web/features/dicom-forward/components/forward-button';
import { ShareLinkButton } from '@web/features/patient-lookup/components/share-link-button';
import { StudyImageTools } from '@web/features/image-list/components/study-image-tools';
import { PatientFilesButton } from '@web/features/patient-files/components/patient-files-button';
import { ReportDocument } from '@web/features/report-document/components/report-document';
import { WriteReportScreen, type DocumentSlot } from '@web/features/report-write/components/write-report-screen';
import { useTabsStore } from '@web/features/tabs/stores/tabs-store';
import { useUserInfo } from '@web/lib/user-info';
import { effectiveStatus } from '@shared/report/rules';
import { ReportSignerProvider } from '../report-signer';

const renderDocument = (slot: DocumentSlot) => <ReportDocument {...slot} mode="screen" />;

/**
 * Leaves the report for the image list and closes its tab of the multi-tab bar; with the user's `close`
 * setting, the study is closed in the workstation viewer too.
 */
export function useCloseReport(tabKey: string, studyIuid: string) {
  const navigate = useNavigate();
  const { data } = useUserInfo();
  return () => {
    void closeStudyIfConfigured(studyIuid, data?.user.data1);
    useTabsStore.getState().close(tabKey);
    navigate('/orderList');
  };
}

/** Report writing screen, /writeRpt?study_iuid= (the A4 document composed in from report-document). */
export default function WriteReportRoute() {
  const [params] = useSearchParams();
  const studyIuid = params.get('study_iuid') ?? '';
  const close = useCloseReport('/writeRpt', studyIuid);
  return (
    <ReportSignerProvider>
      <WriteReportScreen
        key={studyIuid}
        studyIuid={studyIuid}
        onClose={close}
        renderDocument={renderDocument}
        tools={(report) => (
          <>
            <StudyImageTools studyIuid={studyIuid} />
            <PatientFilesButton studyIuid={studyIuid} />
            <ForwardButton studyIuid={studyIuid} />
            <ShareLinkButton
              studyIuid={studyIuid}
              audited={report.rpt_position === 1 && effectiveStatus(report.rpt_status) === 2}
              thirdParty={!!report.third_party_pdf}
            />
          </>
        )}
      />
    </ReportSignerProvider>
  );
}
