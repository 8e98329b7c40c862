import zhStudy from './zh-CN/study.json';
import zhMonitor from './zh-CN/monitor.json';
import zhReport from './zh-CN/report.json';
import zhReportDoc from './zh-CN/reportDoc.json';
import zhBridge from './zh-CN/bridge.json';
import zhAccount from './zh-CN/account.json';
import zhList from './zh-CN/list.json';
import zhAdminUser from './zh-CN/adminUser.json';
import zhAdminOrg from './zh-CN/adminOrg.json';
import zhAdminConfig from './zh-CN/adminConfig.json';
import zhAudit from './zh-CN/audit.json';
import zhImageViewer from './zh-CN/imageViewer.json';
import zhImageUpload from './zh-CN/imageUpload.json';
import zhImageList from './zh-CN/imageList.json';
import zhDicomForward from './zh-CN/dicomForward.json';
import zhQueueScreen from './zh-CN/queueScreen.json';
import zhLayoutEditor from './zh-CN/layoutEditor.json';
import zhQueueDesk from './zh-CN/queueDesk.json';
import zhCallDevice from './zh-CN/callDevice.json';
import zhUsStation from './zh-CN/usStation.json';
import zhStatistics from './zh-CN/statistics.json';
import zhApps from './zh-CN/apps.json';
import zhPatientLookup from './zh-CN/patientLookup.json';
import zhVerify from './zh-CN/verify.json';
import zhRegistration from './zh-CN/registration.json';
import zhWechatMenu from './zh-CN/wechatMenu.json';
import zhWechatPublic from './zh-CN/wechatPublic.json';
import zhRecycle from './zh-CN/recycle.json';
import zhImageEdit from './zh-CN/imageEdit.json';
import zhCritical from './zh-CN/critical.json';
import zhHis from './zh-CN/his.json';

/**
 * The namespaces of zh-CN that the sign-in page does not use: one chunk, loaded before any other route
 * renders and while the sign-in page is idle (lib/i18n.ts); the rest are in start-zh-CN.ts.
 */
const texts = {
  study: zhStudy,
  monitor: zhMonitor,
  report: zhReport,
  reportDoc: zhReportDoc,
  bridge: zhBridge,
  account: zhAccount,
  list: zhList,
  adminUser: zhAdminUser,
  adminOrg: zhAdminOrg,
  adminConfig: zhAdminConfig,
  audit: zhAudit,
  imageViewer: zhImageViewer,
  imageUpload: zhImageUpload,
  imageList: zhImageList,
  dicomForward: zhDicomForward,
  queueScreen: zhQueueScreen,
  layoutEditor: zhLayoutEditor,
  queueDesk: zhQueueDesk,
  callDevice: zhCallDevice,
  usStation: zhUsStation,
  statistics: zhStatistics,
  apps: zhApps,
  patientLookup: zhPatientLookup,
  verify: zhVerify,
  registration: zhRegistration,
  wechatMenu: zhWechatMenu,
  wechatPublic: zhWechatPublic,
  recycle: zhRecycle,
  imageEdit: zhImageEdit,
  critical: zhCritical,
  his: zhHis,
};

export default texts;
