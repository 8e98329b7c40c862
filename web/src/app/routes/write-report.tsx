import { useNavigate, useSearchParams } from 'react-router-dom';
import { ReportDocument } from '@web/features/report-document';
import { WriteReportScreen, type DocumentSlot } from '@web/features/report-write/components/write-report-screen';
import { useTabsStore } from '@web/features/tabs/stores/tabs-store';

const renderDocument = (slot: DocumentSlot) => (
  <ReportDocument
    template={slot.template}
    study={slot.study}
    report={slot.report}
    findings={slot.findings}
    opinion={slot.opinion}
    detail={slot.detail}
    editable={slot.editable}
    onChange={slot.onChange}
    tool={slot.tool}
    multiPage={slot.multiPage}
    onOverflow={slot.onOverflow}
    mode="screen"
  />
);

/** Leaves the report for the image list and closes its tab of the multi-tab bar. */
export function useCloseReport(tabKey: string) {
  const navigate = useNavigate();
  return () => {
    useTabsStore.getState().close(tabKey);
    navigate('/orderList');
  };
}

/** Report writing screen, /writeRpt?study_iuid= (the A4 document composed in from report-document). */
export default function WriteReportRoute() {
  const [params] = useSearchParams();
  const studyIuid = params.get('study_iuid') ?? '';
  const close = useCloseReport('/writeRpt');
  return <WriteReportScreen key={studyIuid} studyIuid={studyIuid} onClose={close} renderDocument={renderDocument} />;
}
