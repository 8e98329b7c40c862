import { addMessages } from '../../platform/core/i18n';

/** The us-stations module's messages in both languages (platform/core/i18n.ts holds those the platform, shared/ or several modules use). */
const zh = {
  usClientDuplicate: '工作站“{{name}}”已存在',
  usClientIpDuplicate: 'IP {{ip}} 已被工作站“{{name}}”使用',
  usNumberRoomTaken: '诊室“{{room}}”已有号段',
  usNumberOverlap: '号段 {{prefix}}{{start}}–{{prefix}}{{end}} 与诊室“{{room}}”的号段重叠',
  usNumberInUse: '诊室“{{room}}”今日已发出 {{n}} 个号，号段的诊室和起始号明日才能更改，号段也不能删除',
} as const;

const en: Record<keyof typeof zh, string> = {
  usClientDuplicate: 'the station "{{name}}" already exists',
  usClientIpDuplicate: 'the IP {{ip}} is already used by the station "{{name}}"',
  usNumberRoomTaken: 'the room "{{room}}" already has a number segment',
  usNumberOverlap: 'the segment {{prefix}}{{start}}–{{prefix}}{{end}} overlaps the segment of the room "{{room}}"',
  usNumberInUse:
    'the room "{{room}}" gave out {{n}} numbers today: its segment cannot be deleted, nor its room or start number changed, before tomorrow',
};

addMessages({ 'zh-CN': zh, 'en-US': en });

declare module '../../platform/core/i18n' {
  interface ModuleMessageKeys extends Record<keyof typeof zh, true> {}
}
