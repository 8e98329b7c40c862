import enStudy from './en-US/study.json';
import enMonitor from './en-US/monitor.json';
import enReport from './en-US/report.json';
import enReportDoc from './en-US/reportDoc.json';
import enBridge from './en-US/bridge.json';
import enAccount from './en-US/account.json';
import enList from './en-US/list.json';
import enAdminUser from './en-US/adminUser.json';
import enAdminOrg from './en-US/adminOrg.json';
import enAdminConfig from './en-US/adminConfig.json';
import enAudit from './en-US/audit.json';
import enImageViewer from './en-US/imageViewer.json';
import enImageUpload from './en-US/imageUpload.json';
import enImageList from './en-US/imageList.json';
import enDicomForward from './en-US/dicomForward.json';
import enQueueScreen from './en-US/queueScreen.json';
import enLayoutEditor from './en-US/layoutEditor.json';
import enQueueDesk from './en-US/queueDesk.json';
import enCallDevice from './en-US/callDevice.json';
import enUsStation from './en-US/usStation.json';
import enStatistics from './en-US/statistics.json';
import enApps from './en-US/apps.json';
import enPatientLookup from './en-US/patientLookup.json';
import enVerify from './en-US/verify.json';
import enRegistration from './en-US/registration.json';
import enWechatMenu from './en-US/wechatMenu.json';
import enWechatPublic from './en-US/wechatPublic.json';
import enRecycle from './en-US/recycle.json';
import enImageEdit from './en-US/imageEdit.json';
import enCritical from './en-US/critical.json';
import enHis from './en-US/his.json';

/**
 * The namespaces of en-US that the sign-in page does not use: one chunk, loaded before any other route
 * renders and while the sign-in page is idle (lib/i18n.ts); the rest are in start-en-US.ts.
 */
const texts = {
  study: enStudy,
  monitor: enMonitor,
  report: enReport,
  reportDoc: enReportDoc,
  bridge: enBridge,
  account: enAccount,
  list: enList,
  adminUser: enAdminUser,
  adminOrg: enAdminOrg,
  adminConfig: enAdminConfig,
  audit: enAudit,
  imageViewer: enImageViewer,
  imageUpload: enImageUpload,
  imageList: enImageList,
  dicomForward: enDicomForward,
  queueScreen: enQueueScreen,
  layoutEditor: enLayoutEditor,
  queueDesk: enQueueDesk,
  callDevice: enCallDevice,
  usStation: enUsStation,
  statistics: enStatistics,
  apps: enApps,
  patientLookup: enPatientLookup,
  verify: enVerify,
  registration: enRegistration,
  wechatMenu: enWechatMenu,
  wechatPublic: enWechatPublic,
  recycle: enRecycle,
  imageEdit: enImageEdit,
  critical: enCritical,
  his: enHis,
};

export default texts;
