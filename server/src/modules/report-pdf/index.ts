import './messages';
import type { ServerModule } from '../../platform/module';
import { reportPdfRoutes } from './routes';
import { closeReportPdf } from './service';

export const reportPdfModule: ServerModule = {
  name: 'report-pdf',
  routes: (app) => [reportPdfRoutes(app)],
  stop: closeReportPdf,
};

// What other modules use of this one.
export { type PdfRenderer } from './renderer';
export { renderAudited, rendererFor } from './service';
export { withRenderTokens } from './render-token';
