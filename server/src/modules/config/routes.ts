import { newRouter } from '../../lib/router';

/** Configuration entries: /config/*. */
export function configRoutes() {
  const app = newRouter();
  return app;
}
