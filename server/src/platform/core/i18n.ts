import type { Context } from 'hono';
import { DEFAULT_LOCALE, type Locale } from '@shared/constants';

const zh = {
  codeChars: '只能包含字母、数字和 . _ -',
  aetChars: 'AE 名称为 1 至 16 个 ASCII 可打印字符，不能含反斜杠',
  hostFormat: '请输入 IPv4、IPv6 地址或主机名',
  usernameChars: '用户名只能包含字母、数字和 . _ @ -',
  phoneFormat: '手机号为 11 位，以 13、14、15、17 或 18 开头',
  roleCodeChars: '角色编码以字母开头，只能包含字母、数字和下划线',
  configNameChars: '参数名为 1 至 64 个字母、数字或下划线',
  dictCodeChars: '字典编码为 1 至 64 个字母、数字或 . _ -',
  pkOrName: '请指定参数的 pk 或名称',
  unknownField: '不支持的字段',
  malformedMultipart: '上传内容格式错误，请重新选择文件上传',
  ok: '操作成功',
  loginOk: '登录成功',
  unauthorized: '未登录或登录已失效，请重新登录',
  sessionExpired: '登录已过期，请重新登录',
  forbidden: '没有权限执行此操作',
  forbiddenHospital: '无权访问其他医院的数据',
  notFound: '请求的资源不存在',
  validation: '参数错误',
  required: '必填',
  passwordPolicy: '密码须为 6 到 16 位，并包含小写字母、大写字母和数字',
  payloadTooLarge: '请求内容过大',
  serverBusy: '服务器繁忙，请 {{seconds}} 秒后重试',
  internal: '操作失败，请刷新后重试',
  onlyAdmin: '只有系统管理员可以执行此操作',
  invalidChar: '输入中含有非法字符',
  tooDeep: '请求内容嵌套过深（最多 {{max}} 层）',
  dbUnavailable: '数据库暂时无法访问，请稍后重试',
  rptNotAudited: '报告未审核',
  exportTooMany: '符合条件的数据有 {{rows}} 条，超过导出上限 {{max}} 条，请缩小查询范围后再导出',
  importNotXlsx: '请上传 .xlsx 格式的 Excel 文件',
  importTooManyRows: '文件行数超过 {{max}} 行，请分批导入',
  importNoValidRow: '文件中没有数据行，请按模板填写后重新导入',
  importOk: '成功导入 {{imported}} 条：新增 {{inserted}} 条，更新 {{updated}} 条，未变 {{unchanged}} 条',
  importRefused: '未导入任何数据：{{failed}} 行有误，请按明细修改后重新导入',
  userExists: '用户名已存在',
  userRoleNotAssignable: '不能分配该角色：超级管理员角色或权限超出您自己的角色',
  passwordMustChange: '管理员已重置您的密码，请先修改密码',
  installationOnly: '这是全平台共用的设置，只有超级管理员可以修改',
  unknownHospital: '医院不存在',
  orgDuplicate: '{{field}}“{{value}}”已存在',
  orgFieldSn: '编号',
  orgFieldCode: '编码',
  orgFieldAet: 'AE 名称',
  orgFieldName: '名称',
  orgNoHospital: '医院不存在',
  orgCountStudies: '检查 {{n}} 条',
  orgCountUsers: '用户 {{n}} 个',
  orgCountDevices: 'DICOM 设备 {{n}} 台',
  orgCountScanItems: '检查项目 {{n}} 个',
  orgCountChildren: '下级区域 {{n}} 个',
  orgCountHospitals: '医院 {{n}} 家',
  orgCountTemplates: '知识库模板 {{n}} 个',
  orgCountRoles: '本院角色 {{n}} 个',
  orgListSep: '、',
  imgOtherHospital: '该检查属于其他医院',
  imgStudyDeleted: '该检查已删除（在回收站中）：请先恢复，再发送图像',
  imgOtherStudy: '该序列属于其他检查',
  imgStoreFailed: '保存失败',
  imgStoreUnavailable: '影像存储（Orthanc）暂时无法访问，请稍后重试',
  imgTooLarge: '单个文件超过 {{mib}} MB',
  imgTokenInvalid: '阅片令牌无效或已过期，请重新打开阅片窗口',
  imgWindowPair: '窗位和窗宽须同时提供',
  imgCaptureJpeg: '图像只能是 .jpg/.jpeg（JPEG）图片',
  outboundRefused: '{{field}}：该地址不允许（{{reason}}）',
  outboundNotAllowed: '该地址不允许：{{reason}}',
  outboundLoopback: '本机回环地址，服务器设置 OUTBOUND_ALLOW 未允许',
  outboundLinkLocal: '链路本地地址',
  outboundPrivate: '内网地址，服务器设置 OUTBOUND_ALLOW 未允许',
  outboundUnspecified: '未指定地址',
  outboundMulticast: '组播地址',
  outboundBroadcast: '广播地址',
  outboundReserved: '保留地址',
  outboundMetadata: '云服务器元数据地址',
  noControlChars: '不能包含控制字符',
  colourHex: '颜色格式为 #rrggbb',
  usIpFormat: '请输入 IPv4 或 IPv6 地址，或留空',
  usPrefixChars: '前缀为至多 8 个字母或数字',
  usNumberRange: '结束号不能小于起始号',
  usFieldDigits: '按 pk 或工作站查询时，值为正整数',
  statsRangeOrder: '结束日期不能早于开始日期',
  statsMonthFormat: '月份格式为 YYYY-MM',
  redirectUriRule: '回调地址须为完整地址：https，或本机（127.0.0.1、localhost）的 http，不含 # 片段',
  redirectUriNeeded: '请至少填写一个回调地址（仅用于 FHIR 下单的应用可不填）',
  urlFormat: '请输入以 http:// 或 https:// 开头的地址',
  codeChallengeFormat: 'code_challenge 须为 43 个 base64url 字符（S256）',
  regMobileFormat: '手机号为 11 位，以 1 开头，第二位为 3 至 9',
  regPrefix: '请选择 +86 或 +87',
  regPasswordLength: '密码为 6 至 16 位，区分大小写',
  regPasswordWeak: '密码强度不够：至少包含数字、字母、其他字符中的两类',
  regEmailFormat: '请输入正确的邮箱地址',
  regCaptchaFormat: '验证码为 4 位数字',
  regConfirmMismatch: '两次输入的密码不一致',
  regTokenInvalid: '激活链接无效',
  wxAppIdFormat: 'AppID 为 1 至 64 个字母、数字、下划线或短横线',
  wxSecretFormat: 'AppSecret 为 1 至 128 个可见 ASCII 字符',
  wxTokenFormat: 'Token 为 3 至 32 个英文字母或数字',
  wxAesKeyFormat: 'EncodingAESKey 为 43 个英文字母或数字',
} as const;

/**
 * The message keys of the modules: each module's messages.ts adds its own (declaration merging), so a key
 * is checked where it is used while its text lives beside the code that says it.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ModuleMessageKeys {}
export type MessageKey = keyof typeof zh | (keyof ModuleMessageKeys & string);

const en: Record<keyof typeof zh, string> = {
  codeChars: 'letters, digits and . _ - only',
  aetChars: 'an AE title is 1 to 16 printable ASCII characters, without backslash',
  hostFormat: 'an IPv4 or IPv6 address or a host name',
  usernameChars: 'a username holds letters, digits and . _ @ - only',
  phoneFormat: 'a mobile number is 11 digits starting with 13, 14, 15, 17 or 18',
  roleCodeChars: 'a role code starts with a letter and holds letters, digits and _ only',
  configNameChars: 'a setting name is 1 to 64 letters, digits or underscores',
  dictCodeChars: 'a dictionary code is 1 to 64 letters, digits or . _ -',
  pkOrName: 'name the setting by its pk or its name',
  unknownField: 'unrecognised field',
  malformedMultipart: 'the upload is malformed; choose the file and upload it again',
  ok: 'Done',
  loginOk: 'Signed in',
  unauthorized: 'You are not signed in or your session is no longer valid; please sign in again',
  sessionExpired: 'Your session has expired; please sign in again',
  forbidden: 'You do not have permission for this action',
  forbiddenHospital: "You cannot access another hospital's data",
  notFound: 'The requested resource does not exist',
  validation: 'Invalid input',
  required: 'required',
  passwordPolicy: 'The password must be 6 to 16 characters with a lowercase letter, an uppercase letter and a digit',
  payloadTooLarge: 'The request is too large',
  serverBusy: 'The server is busy; try again in {{seconds}} seconds',
  internal: 'The operation failed; refresh and try again',
  onlyAdmin: 'Only the system administrator may do this',
  invalidChar: 'The input contains an invalid character',
  tooDeep: 'The request is nested too deeply (at most {{max}} levels)',
  dbUnavailable: 'The database is unavailable for the moment; please try again shortly',
  rptNotAudited: 'The report is not audited',
  exportTooMany: '{{rows}} rows match, more than the export limit of {{max}}; narrow the filter and export again',
  importNotXlsx: 'Upload an Excel file in .xlsx format',
  importTooManyRows: 'The file has more than {{max}} rows; import it in parts',
  importNoValidRow: 'The file has no data rows; fill in the template and import again',
  importOk: 'Imported {{imported}}: {{inserted}} added, {{updated}} changed, {{unchanged}} unchanged',
  importRefused: 'Nothing was imported. Rows with problems: {{failed}}; correct them as listed and import again',
  userExists: 'This username is already taken',
  userRoleNotAssignable: 'You cannot assign this role: it is the super administrator or holds permissions you lack',
  passwordMustChange: 'An administrator reset your password; change it first',
  installationOnly: 'This setting is shared by every hospital; only the super administrator may change it',
  unknownHospital: 'No such hospital',
  orgDuplicate: '{{field}} "{{value}}" already exists',
  orgFieldSn: 'Serial number',
  orgFieldCode: 'Code',
  orgFieldAet: 'AE title',
  orgFieldName: 'name',
  orgNoHospital: 'No such hospital',
  orgCountStudies: '{{n}} studies',
  orgCountUsers: '{{n}} users',
  orgCountDevices: '{{n}} DICOM devices',
  orgCountScanItems: '{{n}} scan items',
  orgCountChildren: '{{n}} sub-regions',
  orgCountHospitals: '{{n}} hospitals',
  orgCountTemplates: '{{n}} knowledge templates',
  orgCountRoles: "{{n}} of the hospital's own roles",
  orgListSep: ', ',
  imgOtherHospital: 'the study belongs to another hospital',
  imgStudyDeleted: 'Study is deleted (recycle bin): restore it, then send again',
  imgOtherStudy: 'the series belongs to another study',
  imgStoreFailed: 'it could not be stored',
  imgStoreUnavailable: 'The image store (Orthanc) cannot be reached; try again later',
  imgTooLarge: 'a single file is larger than {{mib}} MB',
  imgTokenInvalid: 'The viewer token is invalid or has expired; open the viewer again',
  imgWindowPair: 'Give the window center and width together',
  imgCaptureJpeg: 'The image must be a .jpg/.jpeg (JPEG) picture',
  outboundRefused: '{{field}}: this address is not allowed ({{reason}})',
  outboundNotAllowed: 'this address is not allowed: {{reason}}',
  outboundLoopback: 'loopback, not allowed by the server setting OUTBOUND_ALLOW',
  outboundLinkLocal: 'link-local',
  outboundPrivate: 'private network, not allowed by the server setting OUTBOUND_ALLOW',
  outboundUnspecified: 'unspecified address',
  outboundMulticast: 'multicast',
  outboundBroadcast: 'broadcast',
  outboundReserved: 'reserved range',
  outboundMetadata: 'cloud metadata service',
  noControlChars: 'no control characters',
  colourHex: 'a colour is written #rrggbb',
  usIpFormat: 'an IPv4 or IPv6 address, or empty',
  usPrefixChars: 'a prefix is up to 8 letters or digits',
  usNumberRange: 'the end number cannot be below the start number',
  usFieldDigits: 'by pk or station, the value is a positive whole number',
  statsRangeOrder: 'The end date cannot be before the start date',
  statsMonthFormat: 'Month as YYYY-MM',
  redirectUriRule: 'a redirect URI is absolute: https, or http on 127.0.0.1 or localhost, without a # fragment',
  redirectUriNeeded: 'give at least one redirect URI (an app that only places FHIR orders needs none)',
  urlFormat: 'an address starting with http:// or https://',
  codeChallengeFormat: 'code_challenge is 43 base64url characters (S256)',
  regMobileFormat: 'a mobile number is 11 digits: 1, then 3 to 9, then 9 digits',
  regPrefix: 'choose +86 or +87',
  regPasswordLength: 'the password is 6 to 16 characters (case sensitive)',
  regPasswordWeak: 'the password is too weak: use at least two of digits, letters and other characters',
  regEmailFormat: 'enter a valid e-mail address',
  regCaptchaFormat: 'the code is 4 digits',
  regConfirmMismatch: 'the two passwords do not match',
  regTokenInvalid: 'the activation link is not valid',
  wxAppIdFormat: 'AppID is 1-64 letters, digits, underscores or hyphens',
  wxSecretFormat: 'AppSecret is 1-128 visible ASCII characters',
  wxTokenFormat: 'Token is 3-32 letters or digits',
  wxAesKeyFormat: 'EncodingAESKey is 43 letters or digits',
};

const catalogs: Record<Locale, Map<string, string>> = {
  'zh-CN': new Map(Object.entries(zh)),
  'en-US': new Map(Object.entries(en)),
};
export type Params = Record<string, string | number>;

/**
 * A module's messages join the catalog when its entry loads (its messages.ts), before any request. The same
 * keys in both languages (its types make sure), and a key no other part has taken.
 */
export function addMessages<K extends string>(m: Record<Locale, Record<K, string>>): void {
  for (const key of Object.keys(m['zh-CN'])) {
    if (catalogs['zh-CN'].has(key)) throw new Error(`message key '${key}' is defined twice`);
  }
  for (const locale of Object.keys(catalogs) as Locale[]) {
    for (const [key, text] of Object.entries<string>(m[locale])) catalogs[locale].set(key, text);
  }
}

export function isMessageKey(key: string): key is MessageKey {
  return catalogs['zh-CN'].has(key);
}

export function translate(locale: Locale, key: MessageKey, params?: Params): string {
  // A key whose module is not loaded (a unit test of one file) shows as itself rather than failing.
  const text = catalogs[locale].get(key) ?? key;
  return params ? text.replace(/\{\{(\w+)\}\}/g, (_, p: string) => String(params[p] ?? '')) : text;
}

/** zh-CN unless the caller prefers English (Accept-Language: en, en-US, ...). */
export function localeOf(acceptLanguage: string | undefined | null): Locale {
  if (!acceptLanguage) return DEFAULT_LOCALE;
  const first = acceptLanguage.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en-US' : 'zh-CN';
}

export function t(c: Context, key: MessageKey, params?: Params): string {
  return translate(localeOf(c.req.header('accept-language')), key, params);
}
