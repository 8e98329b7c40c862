import { newRouter } from '../../lib/router';

/** DICOM devices: /device/*Aet*. */
export function deviceRoutes() {
  const app = newRouter();
  return app;
}
