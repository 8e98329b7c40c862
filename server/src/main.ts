import { serve } from '@hono/node-server';
import { WEB_BASE } from '@shared/constants';
import { bootstrap } from './bootstrap';
import { loadEnv } from './platform/core/env';
import { DataDirLockedError } from './platform/core/data-dir-lock';
import { SecretKeyMismatchError } from './platform/db/installation';
import { NewerDatabase } from './platform/db/schema-version';
import { startDicomListener } from './modules/dicom';
import { startHl7Listener } from './modules/his';
import { seedDemoImages } from './modules/images';
import { seedDemoCallDevice } from './modules/queue';
import { PdfSealError } from './modules/report-products';

const env = loadEnv();
/** What stops a start for a reason the administrator must act on: its message alone, no stack. */
const refusedStart = (err: unknown): never => {
  const known = [DataDirLockedError, SecretKeyMismatchError, NewerDatabase, PdfSealError];
  if (!known.some((k) => err instanceof k)) throw err;
  console.error((err as Error).message);
  process.exit(1);
};
const { app, deps, close, seeded } = await bootstrap(env).catch(refusedStart);

if (seeded && env.DEMO_EXTRAS === 'on') {
  deps.log.info({ instances: await seedDemoImages(deps) }, 'demo images loaded');
  await seedDemoCallDevice(deps);
}

// The DICOM listener (modalities send, worklists are fetched); DICOM_PORT=0 leaves it off.
const dicom = env.DICOM_PORT
  ? await startDicomListener(deps, {
      port: env.DICOM_PORT,
      host: env.DICOM_HOST,
      aet: env.DICOM_AET,
      receiveLogBytes: env.DICOM_RECEIVE_LOG_MB * 1024 * 1024,
    }).catch(refusedStart)
  : null;

// The HL7 v2 listener (orders and patients from the HIS); HL7_PORT=0, the default, leaves it off.
const hl7 = env.HL7_PORT
  ? await startHl7Listener(deps, { port: env.HL7_PORT, host: env.HL7_HOST }).catch(refusedStart)
  : null;

const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
  deps.log.info({ port: info.port, db: deps.dbKind }, 'listening');
  console.log(`RxPACS is running: open http://localhost:${info.port}${WEB_BASE}`);
});
deps.realtime.attach(server);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  deps.log.info({ signal }, 'shutting down');
  server.close();
  await dicom?.close();
  await hl7?.close();
  await close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
