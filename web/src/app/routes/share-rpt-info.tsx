import { ShareRptInfoPage } from '@web/features/patient-lookup/components/share-rpt-info-page';

/** /shareRptInfo?study_iuid (permission dashboard): the read-only shared report tab. */
export default function ShareRptInfoRoute() {
  return <ShareRptInfoPage />;
}
