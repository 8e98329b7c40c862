import type { UserSettings } from '@shared/schemas/auth';

export type SettingKey = keyof UserSettings;
export type SettingKind = 'switch' | 'modalities' | 'count';

/** Every data1 setting of spec section 3, grouped by the screen it concerns, with its control. */
export const SETTING_GROUPS = [
  {
    key: 'report',
    items: [
      ['oneClickAudit', 'switch'],
      ['autoShRptClose', 'switch'],
      ['close', 'switch'],
      ['showray', 'switch'],
      ['openOrderTime', 'switch'],
    ],
  },
  {
    key: 'list',
    items: [
      ['modalitys', 'modalities'],
      ['modality_btn', 'switch'],
      ['report_btn', 'switch'],
      ['order_btn', 'switch'],
      ['show_no_report_list', 'switch'],
    ],
  },
  {
    key: 'notice',
    items: [
      ['wechat_accept', 'switch'],
      ['order_audio_play_num', 'count'],
      ['userTimeCount', 'switch'],
    ],
  },
] as const satisfies readonly { key: string; items: readonly (readonly [SettingKey, SettingKind])[] }[];

export const SETTING_KEYS: SettingKey[] = SETTING_GROUPS.flatMap((g) => g.items.map(([k]) => k));
