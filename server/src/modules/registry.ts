import type { ServerModule } from '../platform/module';
import { authModule } from './auth';
import { registrationModule } from './registration';
import { toolModule } from './tool';
import { imageAssetsModule } from './image-assets';
import { monitorModule } from './monitor';
import { statisticsModule } from './statistics';
import { orderModule } from './order';
import { collectionModule } from './collection';
import { hospitalModule } from './hospital';
import { duplicateModule } from './duplicate';
import { reportModule } from './report';
import { knowledgeModule } from './knowledge';
import { patientModule } from './patient';
import { scanpModule } from './scanp';
import { certModule } from './cert';
import { reportPdfModule } from './report-pdf';
import { reportProductsModule } from './report-products';
import { layoutModule } from './layout';
import { aiModule } from './ai';
import { usersModule } from './users';
import { roleModule } from './role';
import { regionModule } from './region';
import { configModule } from './config';
import { dictModule } from './dict';
import { shortcutModule } from './shortcut';
import { auditModule } from './audit';
import { accountModule } from './account';
import { imagesModule } from './images';
import { patientFileModule } from './patient-file';
import { dicomModule } from './dicom';
import { queueModule } from './queue';
import { usStationsModule } from './us-stations';
import { appsModule } from './apps';
import { oauthModule } from './oauth';
import { patientLookupModule } from './patient-lookup';
import { wechatModule } from './wechat';
import { verifyModule } from './verify';
import { hisModule } from './his';
import { recycleModule } from './recycle';
import { imageEditModule } from './image-edit';
import { criticalModule } from './critical';
import { imageViewerModule } from './image-viewer';

/**
 * Every server module, in the order their routes are mounted and started (stopped in the reverse order).
 * A new module adds its entry here and nothing else: the app, its body limits and its hooks follow.
 */
export const MODULES: readonly ServerModule[] = [
  authModule,
  registrationModule,
  toolModule,
  imageAssetsModule,
  monitorModule,
  statisticsModule,
  orderModule,
  collectionModule,
  hospitalModule,
  duplicateModule,
  reportModule,
  knowledgeModule,
  patientModule,
  scanpModule,
  certModule,
  reportPdfModule,
  reportProductsModule,
  layoutModule,
  aiModule,
  usersModule,
  roleModule,
  regionModule,
  configModule,
  dictModule,
  shortcutModule,
  auditModule,
  accountModule,
  imagesModule,
  imageViewerModule,
  patientFileModule,
  dicomModule,
  queueModule,
  usStationsModule,
  appsModule,
  oauthModule,
  patientLookupModule,
  wechatModule,
  verifyModule,
  hisModule,
  recycleModule,
  imageEditModule,
  criticalModule,
];
