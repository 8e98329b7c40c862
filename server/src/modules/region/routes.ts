import { newRouter } from '../../lib/router';

/** Regions (groups): /group/GroupTree, /group/save. */
export function regionRoutes() {
  const app = newRouter();
  return app;
}
