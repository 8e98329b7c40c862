import { addMessages } from '../../platform/core/i18n';

/** The queue module's messages in both languages (platform/core/i18n.ts holds those the platform, shared/ or several modules use). */
const zh = {
  queueState: '当前状态为“{{state}}”，不能执行此操作',
  queueDuplicate: '患者 {{pat_id}} 今日已在队列中（{{state}}），不能重复登记',
  queueNoRoom: '诊室“{{room}}”不存在',
  queueNobodyWaiting: '诊室“{{room}}”没有等候的患者',
  queueStudyTaken: '该检查已登记或不可登记',
  queueRoomDuplicate: '诊室“{{room}}”已存在',
  queueTtsUnavailable: '语音合成不可用',
  queueStateRegistered: '已登记',
  queueStateNumberTaken: '已取号',
  queueStateCalled: '已呼叫',
  queueStatePassed: '已过号',
  queueStateChecking: '检查中',
  queueStateCompleted: '检查完成',
  queueStateAbandoned: '已放弃',
  usNumberExhausted: '诊室“{{room}}”今日的号段已用完（至 {{prefix}}{{end}}）',
} as const;

const en: Record<keyof typeof zh, string> = {
  queueState: 'the registration is {{state}}: this action is not possible now',
  queueDuplicate: "patient {{pat_id}} is already in today's queue ({{state}}) and cannot be registered again",
  queueNoRoom: 'there is no consulting room "{{room}}"',
  queueNobodyWaiting: 'nobody is waiting for room "{{room}}"',
  queueStudyTaken: 'this study is already registered or cannot be registered',
  queueRoomDuplicate: 'the consulting room "{{room}}" already exists',
  queueTtsUnavailable: 'speech synthesis is unavailable',
  queueStateRegistered: 'registered',
  queueStateNumberTaken: 'number taken',
  queueStateCalled: 'called',
  queueStatePassed: 'passed',
  queueStateChecking: 'checking',
  queueStateCompleted: 'inspection complete',
  queueStateAbandoned: 'abandoned',
  usNumberExhausted: 'the number segment of the room "{{room}}" is used up for today (up to {{prefix}}{{end}})',
};

addMessages({ 'zh-CN': zh, 'en-US': en });

declare module '../../platform/core/i18n' {
  interface ModuleMessageKeys extends Record<keyof typeof zh, true> {}
}
