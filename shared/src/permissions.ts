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
  /** The recycle bin (issue 38): delete a study to it with a reason, list it, restore from it. */
  ORDER_DELETE: 'order:delete',
  /** Delete studies in the recycle bin for good, images and reports with them (no seeded role: the super administrator's unless given). */
  ORDER_PURGE: 'order:purge',
  /** Critical results of the hospital (issue 41): the list, statistics, acknowledging for another department. */
  CRITICAL_MANAGE: 'critical:manage',
  /** Image edit (issue 38): move series to the right study, merge a study into another. */
  IMAGE_EDIT: 'order:imageEdit',
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
 * Where a permission reaches. 'hospital': what it allows stays inside the holder's own hospital (the
 * server scopes every call by it). 'installation': it changes what every hospital shares (regions, the
 * dictionary, third-party apps and their sign-in); only the super administrator may use it, whatever a
 * role holds, and a hospital's role cannot hold it. Entries that mix both (configuration: a hospital's
 * own `*_<code>` entries; roles: a hospital's own roles) are 'hospital' and the service refuses the shared
 * part to anyone but the super administrator.
 */
export const PERMISSION_SCOPE: Record<PermissionCode, 'hospital' | 'installation'> = {
  [PERMISSIONS.PATINFO]: 'hospital',
  [PERMISSIONS.SAVE_TEMP]: 'hospital',
  [PERMISSIONS.PATFILE]: 'hospital',
  [PERMISSIONS.PATFILE_ADD]: 'hospital',
  [PERMISSIONS.CACHE_RPTS]: 'hospital',
  [PERMISSIONS.SAVE_ORDER]: 'hospital',
  [PERMISSIONS.CANCEL]: 'hospital',
  [PERMISSIONS.AUDIT]: 'hospital',
  [PERMISSIONS.INVALID_REPORT]: 'hospital',
  [PERMISSIONS.CLOSE_RPTS]: 'hospital',
  [PERMISSIONS.FORWARD_RPT]: 'hospital',
  [PERMISSIONS.REPORT_RETRY]: 'hospital',
  [PERMISSIONS.DELETE_IMAGE]: 'hospital',
  [PERMISSIONS.UPLOAD_ZIP]: 'hospital',
  [PERMISSIONS.POINT_EDIT]: 'hospital',
  [PERMISSIONS.USER]: 'hospital',
  [PERMISSIONS.DASHBOARD]: 'hospital',
  [PERMISSIONS.ORDER_LIST]: 'hospital',
  [PERMISSIONS.ORDER_HISTORY]: 'hospital',
  [PERMISSIONS.ORDER_DELETE]: 'hospital',
  [PERMISSIONS.ORDER_PURGE]: 'hospital',
  [PERMISSIONS.IMAGE_EDIT]: 'hospital',
  [PERMISSIONS.CRITICAL_MANAGE]: 'hospital',
  [PERMISSIONS.PWD_ERROR_LIST]: 'hospital',
  [PERMISSIONS.USE_TIME]: 'hospital',
  [PERMISSIONS.QUEUE_REGISTER]: 'hospital',
  [PERMISSIONS.QUEUE_CALL]: 'hospital',
  [PERMISSIONS.STATS_VIEW]: 'hospital',
  [PERMISSIONS.SYS_HOSPITAL]: 'hospital',
  [PERMISSIONS.SYS_USER]: 'hospital',
  [PERMISSIONS.SYS_ROLE]: 'hospital',
  [PERMISSIONS.SYS_REGION]: 'installation',
  [PERMISSIONS.SYS_CONFIG]: 'hospital',
  [PERMISSIONS.SYS_DICT]: 'installation',
  [PERMISSIONS.SYS_SCANP]: 'hospital',
  [PERMISSIONS.SYS_DEVICE]: 'hospital',
  [PERMISSIONS.SYS_AUDIT]: 'hospital',
  [PERMISSIONS.SYS_APP]: 'installation',
  [PERMISSIONS.SYS_WECHAT]: 'hospital',
};

/** A code only the super administrator may use (an unknown code is not one). */
export function isInstallationWide(code: string): boolean {
  return (PERMISSION_SCOPE as Record<string, string>)[code] === 'installation';
}

/**
 * Administrative codes: the ones a non-super administrator can never hand out beyond their own (a role
 * holding one they lack cannot be assigned or edited by them). Report-desk codes are not administration.
 */
export function isAdminPermission(code: string): boolean {
  return code.startsWith('sys:') || code === PERMISSIONS.PWD_ERROR_LIST || code === PERMISSIONS.USE_TIME;
}
