import { addMessages } from '../../platform/core/i18n';

/** The dicom module's messages in both languages (platform/core/i18n.ts holds those the platform, shared/ or several modules use). */
const zh = {
  fwdNotRegistered: '{{aet}}（{{ip}}:{{port}}）不是本院已登记并启用的设备，不能转发',
  fwdOtherHospital: '该设备属于其他医院，不能转发',
  fwdNoImages: '该检查没有可转发的影像',
  fwdDone: '已转发到 {{device}}：成功 {{sent}} 张，失败 {{failed}} 张',
  fwdSent: '已发送',
  fwdRefused: '设备拒绝连接（{{host}}:{{port}} 没有监听）',
  fwdUnreachable: '无法连接到 {{host}}',
  fwdTimeout: '连接超时，设备没有及时应答',
  fwdRejectCalling: '设备拒绝了关联：不认识本系统的 AE 名称 {{aet}}',
  fwdRejectCalled: '设备拒绝了关联：设备的 AE 名称不是 {{aet}}',
  fwdRejectOther: '设备拒绝了关联（结果 {{result}}，来源 {{source}}，原因 {{reason}}）',
  fwdAborted: '设备中止了关联',
  fwdClosed: '连接中断：{{detail}}',
  fwdProtocol: '设备的应答不符合 DICOM 协议：{{detail}}',
  fwdSopClassRefused: '设备不接收这类影像（SOP 类 {{sopClass}}）',
  fwdSyntaxRefused: '设备既不接收传输语法 {{syntax}}，也不接收未压缩格式',
  fwdStatus: '设备返回失败状态 {{status}} {{comment}}',
  fwdMissing: '影像文件在存储中找不到',
  fwdUnreadable: '影像文件无法读取：{{detail}}',
  echoOk: 'DICOM 设备已应答，用时 {{ms}} 毫秒',
  echoFailed: '连接失败：{{reason}}',
  echoNoPeer: '该地址没有 DICOM 设备应答',
  echoRejected: 'DICOM 设备拒绝了关联',
} as const;

const en: Record<keyof typeof zh, string> = {
  fwdNotRegistered: '{{aet}} ({{ip}}:{{port}}) is not a registered, active device of your hospital: nothing was sent',
  fwdOtherHospital: 'This device belongs to another hospital: nothing was sent',
  fwdNoImages: 'This study has no images to forward',
  fwdDone: 'Forwarded to {{device}}: {{sent}} sent, {{failed}} failed',
  fwdSent: 'Sent',
  fwdRefused: 'Connection refused (nothing listens on {{host}}:{{port}})',
  fwdUnreachable: 'Cannot reach {{host}}',
  fwdTimeout: 'Timed out: the device did not answer in time',
  fwdRejectCalling: 'The device rejected the association: it does not know our AE title {{aet}}',
  fwdRejectCalled: 'The device rejected the association: its AE title is not {{aet}}',
  fwdRejectOther: 'The device rejected the association (result {{result}}, source {{source}}, reason {{reason}})',
  fwdAborted: 'The device aborted the association',
  fwdClosed: 'The connection broke: {{detail}}',
  fwdProtocol: 'The device answered outside the DICOM protocol: {{detail}}',
  fwdSopClassRefused: 'The device does not take this kind of image (SOP class {{sopClass}})',
  fwdSyntaxRefused: 'The device takes neither transfer syntax {{syntax}} nor an uncompressed one',
  fwdStatus: 'The device answered failure status {{status}} {{comment}}',
  fwdMissing: 'The image file is missing from the store',
  fwdUnreadable: 'The image file cannot be read: {{detail}}',
  echoOk: 'A DICOM device answered in {{ms}} ms',
  echoFailed: 'Connection failed: {{reason}}',
  echoNoPeer: 'no DICOM device answered at this address',
  echoRejected: 'the DICOM device rejected the association',
};

addMessages({ 'zh-CN': zh, 'en-US': en });

declare module '../../platform/core/i18n' {
  interface ModuleMessageKeys extends Record<keyof typeof zh, true> {}
}
