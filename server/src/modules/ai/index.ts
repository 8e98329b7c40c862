import './messages';
import type { ServerModule } from '../../platform/module';
import { aiRoutes } from './routes';

export const aiModule: ServerModule = {
  name: 'ai',
  routes: () => [aiRoutes()],
};
