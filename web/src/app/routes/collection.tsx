import { PERMISSIONS } from '@shared/permissions';
import { CollectionPage } from '@web/features/collection/components/collection-page';
import { RequirePermission } from '../guards';

export default function CollectionRoute() {
  return (
    <RequirePermission action={PERMISSIONS.USER}>
      <CollectionPage />
    </RequirePermission>
  );
}
