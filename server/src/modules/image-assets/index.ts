import type { ServerModule } from '../../platform/module';
import { secretBox } from '../../platform/core/secret-box';
import { signImagesWith } from '../../platform/images/image-asset';
import { imageAssetRoutes } from './routes';

/** Serves the images platform/images stores: logos and header images, signatures and seals, /tool/getLogoPng. */
export const imageAssetsModule: ServerModule = {
  name: 'image-assets',
  permissions: [],
  routes: () => [imageAssetRoutes()],
  start: ({ deps }) => signImagesWith(deps.db, secretBox(deps.env)),
};
