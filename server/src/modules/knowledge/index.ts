import './messages';
import type { ServerModule } from '../../platform/module';
import { knowledgeRoutes } from './routes';

export const knowledgeModule: ServerModule = {
  name: 'knowledge',
  routes: () => [knowledgeRoutes()],
};
