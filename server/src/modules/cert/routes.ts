import { newRouter } from '../../lib/router';

export function certRoutes() {
  const app = newRouter();
  return app;
}
