import { useSearchParams } from 'react-router-dom';
import { SimpleReportPage } from '@web/features/report-write/components/simple-report-page';
import { useCloseReport } from './write-report';

/** Simple report page, /simpleRpt?uid= (uid is the study_iuid). */
export default function SimpleReportRoute() {
  const [params] = useSearchParams();
  const studyIuid = params.get('uid') ?? '';
  const close = useCloseReport('/simpleRpt', studyIuid);
  return <SimpleReportPage key={studyIuid} studyIuid={studyIuid} onClose={close} />;
}
