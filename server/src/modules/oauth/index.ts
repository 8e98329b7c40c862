import './messages';
import type { ServerModule } from '../../platform/module';
import { oauthRoutes } from './routes';
import { ssoRoutes } from './sso-routes';

export const oauthModule: ServerModule = {
  name: 'oauth',
  permissions: [],
  routes: () => [oauthRoutes(), ssoRoutes()],
};

// What other modules use of this one.
export { requestUser, authenticateAppToken, type AppCaller } from './tokens';
