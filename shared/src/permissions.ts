/** Permission codes. The spec's own (section 6) plus ours for routes the spec leaves unnamed. */
export const PERMISSIONS = {
  // spec: report actions
  PATINFO: 'patorder:patinfo',
  SAVE_TEMP: 'patorder:saveTemp',
  PATFILE: 'patorder:patfile',
  PATFILE_ADD: 'patorder:patfileadd',
  CACHE_RPTS: 'patorder:cacheRpts',
  SAVE_ORDER: 'patorder:saveOrder',
  CANCEL: 'patorder:cancel',
  AUDIT: 'patorder:audit',
  INVALID_REPORT: 'patorder:invalidReport',
  CLOSE_RPTS: 'patorder:closeRpts',
  FORWARD_RPT: 'patorder:fowardRpt',
  REPORT_RETRY: 'patorder:reportRetry',
  DELETE_IMAGE: 'patorder:deleteImage',
  UPLOAD_ZIP: 'pacsOrder:uploadZip',
  POINT_EDIT: 'point:edit',
  // spec: route permissions
  USER: 'user', // favourites
  DASHBOARD: 'dashboard', // writeRpt, shareRptInfo
  // ours
  ORDER_LIST: 'order:list',
  ORDER_HISTORY: 'order:history',
  PWD_ERROR_LIST: 'monitor:pwdErrorList',
  /** File download time (/useTime, /monitor/useTime*): the super administrator's, like the password error list. */
  USE_TIME: 'monitor:useTime',
  /** The registration desk: register, number, referral, abandon, delete and recover (issue 13). */
  QUEUE_REGISTER: 'queue:register',
  /** Calling patients into a room: call (next, again), pass, checking, complete, doctor on duty. */
  QUEUE_CALL: 'queue:call',
  /** Statistics pages and /orderCount/* calls (issue 14), always within the caller's hospital scope. */
  STATS_VIEW: 'stats:view',
  // ours: administration (role 1 holds all; a hospital administrator holds user, device, scan item)
  SYS_HOSPITAL: 'sys:hospital',
  SYS_USER: 'sys:user',
  SYS_ROLE: 'sys:role',
  SYS_REGION: 'sys:region',
  SYS_CONFIG: 'sys:config',
  SYS_DICT: 'sys:dict',
  SYS_SCANP: 'sys:scanp',
  SYS_DEVICE: 'sys:device',
  SYS_AUDIT: 'sys:audit',
  /** Third-party apps and their OAuth clients (/app, issue 15): the super administrator's. */
  SYS_APP: 'sys:app',
  /** Messaging-platform account settings (/WeChatManage, issue 16): a hospital's public account; the QR sign-in app is the super administrator's. */
  SYS_WECHAT: 'sys:wechat',
} as const;
export type PermissionCode = (typeof PERMISSIONS)[keyof typeof PERMISSIONS];

/**
 * Administrative codes: the ones a non-super administrator can never hand out beyond their own (a role
 * holding one they lack cannot be assigned or edited by them). Report-desk codes are not administration.
 */
export function isAdminPermission(code: string): boolean {
  return code.startsWith('sys:') || code === PERMISSIONS.PWD_ERROR_LIST || code === PERMISSIONS.USE_TIME;
}
