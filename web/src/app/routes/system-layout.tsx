import { PERMISSIONS } from '@shared/permissions';
import { ReportDocument } from '@web/features/report-document/components/report-document';
import { LayoutListPage } from '@web/features/layout-editor/components/layout-list-page';
import { RequirePermission } from '../guards';

/** /system/layout: report layouts; the editor draws the page through the report document feature. */
export default function SystemLayoutRoute() {
  return (
    <RequirePermission action={PERMISSIONS.POINT_EDIT}>
      <LayoutListPage renderDocument={(p) => <ReportDocument {...p} />} />
    </RequirePermission>
  );
}
