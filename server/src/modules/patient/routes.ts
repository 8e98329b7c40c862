import { newRouter } from '../../lib/router';

export function patientRoutes() {
  const app = newRouter();
  return app;
}
