import { newRouter } from '../../lib/router';

/** User administration: /user/findByPage, save, lock, resetPassword, delete. */
export function userAdminRoutes() {
  const app = newRouter();
  return app;
}
