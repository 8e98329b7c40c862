import './messages';
import type { ServerModule } from '../../platform/module';
import { reportPdfRoutes } from './routes';
import { closeReportPdf } from './service';
import { PERMISSIONS } from '@shared/permissions';

export const reportPdfModule: ServerModule = {
  name: 'report-pdf',
  permissions: [PERMISSIONS.DASHBOARD],
  routes: (app) => [reportPdfRoutes(app)],
  stop: closeReportPdf,
};

// What other modules use of this one.
export { type PdfRenderer } from './renderer';
export { renderAudited, rendererFor } from './service';
export { withRenderTokens } from './render-token';
