import './messages';
import type { ServerModule } from '../../platform/module';
import { VERIFY_PDF_MAX_BYTES, verifyRoutes } from './routes';

/** Anyone holding a printed or archived report checks its electronic signature (issue 37). */
export const verifyModule: ServerModule = {
  name: 'verify',
  permissions: [],
  routes: () => [verifyRoutes()],
  bodyLimits: { '/verify/pdf': VERIFY_PDF_MAX_BYTES + 16 * 1024 },
};
