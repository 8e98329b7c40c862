import './messages';
import type { ServerModule } from '../../platform/module';
import { certRoutes } from './routes';

export const certModule: ServerModule = {
  name: 'cert',
  permissions: [],
  routes: () => [certRoutes()],
};

// What other modules use of this one.
export {
  assertSigningKeyUsage,
  checkValidity,
  parseCertificate,
  signatureValid,
  type ParsedCert,
  type Validity,
} from './proof';
