import './messages';
import type { ServerModule } from '../../platform/module';
import { ACCOUNT_BODY_LIMITS, accountRoutes } from './routes';

export const accountModule: ServerModule = {
  name: 'account',
  permissions: [],
  routes: () => [accountRoutes()],
  bodyLimits: ACCOUNT_BODY_LIMITS,
};
