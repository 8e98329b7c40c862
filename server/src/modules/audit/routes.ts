import { newRouter } from '../../lib/router';

/** The audit trail: who changed what, when, before and after. */
export function auditRoutes() {
  const app = newRouter();
  return app;
}
