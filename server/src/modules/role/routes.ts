import { newRouter } from '../../lib/router';

/** Roles and their permissions: /role/*. */
export function roleRoutes() {
  const app = newRouter();
  return app;
}
