import { newRouter } from '../../lib/router';

/** Hospital administration: /hospital/list, save, delete. */
export function hospitalAdminRoutes() {
  const app = newRouter();
  return app;
}
