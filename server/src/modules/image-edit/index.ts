import './messages';
import type { ServerModule } from '../../platform/module';
import { PERMISSIONS } from '@shared/permissions';
import { imageEditRoutes } from './routes';

/** Image edit (issue 38): series moved to the right study, a study merged into another; images rewritten. */
export const imageEditModule: ServerModule = {
  name: 'image-edit',
  permissions: [PERMISSIONS.IMAGE_EDIT],
  routes: () => [imageEditRoutes()],
};
