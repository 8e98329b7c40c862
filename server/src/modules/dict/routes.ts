import { newRouter } from '../../lib/router';

/** Dictionary: /dict/*. */
export function dictRoutes() {
  const app = newRouter();
  return app;
}
