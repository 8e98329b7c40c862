import { PERMISSIONS as P } from '@shared/permissions';

export interface PermissionSeed {
  key: string;
  name: string;
  name_en: string;
  path?: string;
  icon?: string;
  perms?: string;
  menu_type: 0 | 1 | 2;
  children?: PermissionSeed[];
}

const action = (key: string, name: string, name_en: string, perms: string): PermissionSeed => ({
  key,
  name,
  name_en,
  perms,
  menu_type: 2,
});

const page = (
  key: string,
  name: string,
  name_en: string,
  path: string,
  icon: string,
  perms: string,
): PermissionSeed => ({
  key,
  name,
  name_en,
  path,
  icon,
  perms,
  menu_type: 1,
});

/** The menu tree and its action permissions. Keys are stable; the tree grows as screens are built. */
export const PERMISSION_TREE: PermissionSeed[] = [
  {
    key: 'orderList',
    name: '影像列表',
    name_en: 'Image list',
    path: '/orderList',
    icon: 'UnorderedListOutlined',
    perms: P.ORDER_LIST,
    menu_type: 1,
    children: [
      action('orderHistory', '历史检查', 'History', P.ORDER_HISTORY),
      action('writeRpt', '书写报告', 'Write report', P.DASHBOARD),
      action('patinfo', '患者信息', 'Patient info', P.PATINFO),
      action('saveTemp', '保存模板', 'Save template', P.SAVE_TEMP),
      action('patfile', '患者附件', 'Patient files', P.PATFILE),
      action('patfileadd', '上传附件', 'Add patient file', P.PATFILE_ADD),
      action('cacheRpts', '暂存报告', 'Cache report', P.CACHE_RPTS),
      action('saveOrder', '保存报告', 'Save report', P.SAVE_ORDER),
      action('audit', '审核报告', 'Audit report', P.AUDIT),
      action('cancel', '取消审核', 'Cancel audit', P.CANCEL),
      action('invalidReport', '作废报告', 'Void report', P.INVALID_REPORT),
      action('closeRpts', '关闭报告', 'Close report', P.CLOSE_RPTS),
      action('fowardRpt', '转发报告', 'Forward report', P.FORWARD_RPT),
      action('reportRetry', '重新推送', 'Retry report', P.REPORT_RETRY),
      action('deleteImage', '删除图像', 'Delete image', P.DELETE_IMAGE),
      action('imageEdit', '图像编辑', 'Image edit', P.IMAGE_EDIT),
      action('uploadZip', '上传影像', 'Upload images', P.UPLOAD_ZIP),
      action('pointEdit', '编辑', 'Edit', P.POINT_EDIT),
    ],
  },
  {
    key: 'collection',
    name: '我的收藏',
    name_en: 'Favourites',
    path: '/account/collection',
    icon: 'StarOutlined',
    perms: P.USER,
    menu_type: 1,
  },
  {
    // The recycle bin (issue 38): deleted studies, restored or deleted for good; order:delete also deletes from the worklist.
    key: 'recycle',
    name: '回收站',
    name_en: 'Recycle bin',
    path: '/recycle',
    icon: 'DeleteOutlined',
    perms: P.ORDER_DELETE,
    menu_type: 1,
    children: [action('orderPurge', '彻底删除', 'Delete for good', P.ORDER_PURGE)],
  },
  {
    key: 'system',
    name: '系统监控',
    name_en: 'Monitoring',
    icon: 'SettingOutlined',
    menu_type: 0,
    children: [
      {
        key: 'pwdErrorList',
        name: '密码错误列表',
        name_en: 'Password errors',
        path: '/pwdErrorList',
        icon: 'LockOutlined',
        perms: P.PWD_ERROR_LIST,
        menu_type: 1,
      },
    ],
  },
  {
    key: 'queue',
    name: '排队叫号',
    name_en: 'Queue',
    icon: 'SoundOutlined',
    menu_type: 0,
    children: [
      page('queueRegister', '登记台', 'Registration', '/register', 'TeamOutlined', P.QUEUE_REGISTER),
      page('callPanel', '诊室叫号', 'Call panel', '/callPanel', 'SoundOutlined', P.QUEUE_CALL),
    ],
  },
  {
    key: 'statistics',
    name: '统计分析',
    name_en: 'Statistics',
    icon: 'BarChartOutlined',
    menu_type: 0,
    children: [
      page('statsDashboard', '数据看板', 'Dashboard', '/dashboard', 'DashboardOutlined', P.STATS_VIEW),
      page('statsHospital', '医院统计', 'By hospital', '/doctorCount', 'BankOutlined', P.STATS_VIEW),
      page('statsUserWork', '工作量统计', 'Doctor workload', '/UserWorkCount', 'UserOutlined', P.STATS_VIEW),
      page('statsMonth', '月度统计', 'Monthly count', '/monthCount', 'CalendarOutlined', P.STATS_VIEW),
      page('statsFile', '存储统计', 'Storage usage', '/fileCount', 'HddOutlined', P.STATS_VIEW),
      page('statsImg', '胶片质量', 'Film quality', '/imgCount', 'PictureOutlined', P.STATS_VIEW),
      page('statsUseTime', '文件下载时间', 'Download times', '/useTime', 'FieldTimeOutlined', P.USE_TIME),
      page('statsZhanjiang', '分类统计', 'By category', '/zhanjiang', 'TableOutlined', P.STATS_VIEW),
    ],
  },
  // Critical results of the hospital (issue 41): open, acknowledged, escalated; acknowledging for a department.
  // After statistics, so a hospital administrator still lands on the dashboard.
  page('critical', '危急值', 'Critical results', '/critical', 'AlertOutlined', P.CRITICAL_MANAGE),
  {
    key: 'sysAdmin',
    name: '系统管理',
    name_en: 'Administration',
    icon: 'ToolOutlined',
    menu_type: 0,
    children: [
      page('sysHospital', '医院管理', 'Hospitals', '/system/hospital', 'HomeOutlined', P.SYS_HOSPITAL),
      page('sysUser', '用户管理', 'Users', '/system/user', 'UserOutlined', P.SYS_USER),
      page('sysRole', '角色权限', 'Roles', '/system/role', 'SafetyOutlined', P.SYS_ROLE),
      page('sysRegion', '区域管理', 'Regions', '/system/region', 'AppstoreOutlined', P.SYS_REGION),
      page('sysConfig', '系统配置', 'Configuration', '/system/config', 'SettingOutlined', P.SYS_CONFIG),
      page('sysDict', '数据字典', 'Dictionary', '/system/dict', 'ProfileOutlined', P.SYS_DICT),
      page('sysScanp', '检查项目', 'Scan items', '/system/scanp', 'FileTextOutlined', P.SYS_SCANP),
      page('sysDevice', 'DICOM 设备', 'DICOM devices', '/system/device', 'DatabaseOutlined', P.SYS_DEVICE),
      page('sysCallDevice', '叫号设备', 'Call devices', '/system/callDevice', 'MonitorOutlined', P.SYS_DEVICE),
      page('sysUsStation', '超声工作站', 'US stations', '/system/usStation', 'DesktopOutlined', P.SYS_DEVICE),
      page('sysLayout', '报告版式', 'Report layouts', '/system/layout', 'LayoutOutlined', P.POINT_EDIT),
      page('sysAudit', '操作日志', 'Audit trail', '/system/audit', 'FileSearchOutlined', P.SYS_AUDIT),
      page('sysApp', '应用管理', 'Third-party apps', '/app', 'AppstoreOutlined', P.SYS_APP),
      page('sysWeChat', '微信设置', 'WeChat settings', '/WeChatManage', 'WechatOutlined', P.SYS_WECHAT),
      page('sysWxMenu', '自定义菜单', 'Custom menu', '/wxmenu', 'MenuOutlined', P.SYS_WECHAT),
    ],
  },
];

const DOCTOR = [
  'orderList',
  'orderHistory',
  'writeRpt',
  'patinfo',
  'saveTemp',
  'patfile',
  'patfileadd',
  'cacheRpts',
  'saveOrder',
  'closeRpts',
  'fowardRpt',
  'reportRetry',
  'collection',
  'queue',
  'callPanel',
  'statistics',
  'statsDashboard',
  'statsHospital',
  'statsUserWork',
  'statsMonth',
  'statsFile',
  'statsImg',
  'statsZhanjiang',
];
const STATS = DOCTOR.slice(DOCTOR.indexOf('statistics'));

/** Roles (pk order matters: role 1 is the super administrator) and the permission keys each holds. */
export const ROLE_SEEDS = [
  { code: 'admin', name: '超级管理员', name_en: 'Super administrator', keys: [] as string[] },
  { code: 'report_doctor', name: '报告医生', name_en: 'Report doctor', keys: DOCTOR },
  {
    code: 'audit_doctor',
    name: '审核医生',
    name_en: 'Reviewing doctor',
    keys: [...DOCTOR, 'audit', 'cancel', 'invalidReport', 'recycle', 'imageEdit', 'critical'],
  },
  {
    code: 'register',
    name: '登记人员',
    name_en: 'Registration staff',
    keys: ['orderList', 'orderHistory', 'patinfo', 'collection', 'queue', 'queueRegister', 'callPanel'],
  },
  { code: 'no_menu', name: '未分配', name_en: 'Unassigned', keys: [] as string[] },
  {
    code: 'hospital_admin',
    name: '医院管理员',
    name_en: 'Hospital administrator',
    keys: [
      'sysAdmin',
      'sysUser',
      'sysScanp',
      'sysDevice',
      'sysCallDevice',
      'sysUsStation',
      'sysWeChat',
      'sysWxMenu',
      // layouts of the hospital's reports (MRRT import/export, the layout editor)
      'sysLayout',
      'pointEdit',
      'critical',
      ...STATS,
    ],
  },
] as const;
