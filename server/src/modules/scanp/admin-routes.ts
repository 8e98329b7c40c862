import { newRouter } from '../../lib/router';

/** Scan item administration: /scanp/saveScanp, queryListByIds, getdescInfo, list and export. */
export function scanpAdminRoutes() {
  const app = newRouter();
  return app;
}
