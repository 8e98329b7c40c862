import type { ServerModule } from '../../platform/module';
import { imageViewerRoutes } from './routes';

/** What the web viewer keeps on the server besides the images: each user's marks on a study. */
export const imageViewerModule: ServerModule = {
  name: 'image-viewer',
  permissions: [],
  routes: () => [imageViewerRoutes()],
};
