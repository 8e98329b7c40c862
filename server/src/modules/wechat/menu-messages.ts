import type { Locale } from '@shared/constants';
import type { MenuProblem } from '@shared/schemas/wechat-menu';

/** The menu rules in the caller's language, naming the button (the web has the same texts in wechatMenu.json). */
const texts = {
  'zh-CN': {
    menu: '菜单',
    top: '第 {{top}} 个菜单',
    sub: '第 {{top}} 个菜单 / 第 {{sub}} 个子菜单',
    none: '至少需要一个菜单',
    tooMany: '{{field}}最多 {{max}} 个',
    required: '请填写{{field}}',
    nameUnits: '名称超过 {{max}} 个单位',
    bytes: '{{field}}超过 {{max}} 字节',
    badType: '不支持的类型',
    f_button: '菜单',
    f_sub_button: '子菜单',
    f_name: '名称',
    f_type: '类型',
    f_url: '网页地址',
    f_key: '菜单 KEY',
    f_appid: '小程序 appid',
    f_pagepath: '小程序页面路径',
    f_media_id: '素材 media_id',
    join: '{{place}}：{{text}}',
  },
  'en-US': {
    menu: 'menu',
    top: 'button {{top}}',
    sub: 'button {{top}} / sub {{sub}}',
    none: 'at least one button is needed',
    tooMany: 'at most {{max}} {{field}}',
    required: '{{field}} is required',
    nameUnits: 'name longer than {{max}} units',
    bytes: '{{field}} longer than {{max}} bytes',
    badType: 'unknown type',
    f_button: 'top buttons',
    f_sub_button: 'sub buttons',
    f_name: 'name',
    f_type: 'type',
    f_url: 'web address',
    f_key: 'menu key',
    f_appid: 'mini program appid',
    f_pagepath: 'mini program page path',
    f_media_id: 'material media_id',
    join: '{{place}}: {{text}}',
  },
} as const;

type Key = keyof (typeof texts)['en-US'];
const fill = (s: string, p: Record<string, string | number | undefined>) =>
  s.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(p[k] ?? ''));

export function problemPlaceText(locale: Locale, p: MenuProblem): string {
  const T = texts[locale];
  if (p.top === undefined) return T.menu;
  return p.sub === undefined ? fill(T.top, { top: p.top }) : fill(T.sub, { top: p.top, sub: p.sub });
}

export function problemText(locale: Locale, p: MenuProblem): string {
  const T = texts[locale];
  const field = T[`f_${p.field}` as Key];
  return fill(T.join, { place: problemPlaceText(locale, p), text: fill(T[p.rule], { field, max: p.max }) });
}
