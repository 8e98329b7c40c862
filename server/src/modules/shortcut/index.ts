import './messages';
import type { ServerModule } from '../../platform/module';
import { shortcutRoutes } from './routes';

export const shortcutModule: ServerModule = {
  name: 'shortcut',
  permissions: [],
  routes: () => [shortcutRoutes()],
};
