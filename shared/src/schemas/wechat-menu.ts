import { z } from 'zod';

/**
 * The public account's custom menu as the messaging platform takes it (`{button: [...]}`), with every rule
 * of the spec's /wxmenu editor. The same rules run live in the editor and on the server before anything is
 * sent to the platform (docs/wechat.md "Menu editor").
 */
export const MENU_MAX_TOP = 3;
export const MENU_MAX_SUB = 5;
export const MENU_TOP_NAME_UNITS = 8;
export const MENU_SUB_NAME_UNITS = 16;
export const MENU_KEY_MAX_BYTES = 128;
/** The platform's limit for url (view, miniprogram fallback). */
export const MENU_URL_MAX_BYTES = 1024;
export const MENU_FIELD_MAX_BYTES = 256;

export const MENU_BUTTON_TYPES = [
  'view',
  'media_id',
  'miniprogram',
  'click',
  'scancode_push',
  'scancode_waitmsg',
  'pic_sysphoto',
  'pic_photo_or_album',
  'pic_weixin',
  'location_select',
] as const;
export type MenuButtonType = (typeof MENU_BUTTON_TYPES)[number];

export type MenuField = 'url' | 'key' | 'appid' | 'pagepath' | 'media_id';

/** The fields each type needs: click-like types send an event with their key; view opens url; miniprogram all three. */
export const MENU_TYPE_FIELDS: Record<MenuButtonType, readonly MenuField[]> = {
  view: ['url'],
  media_id: ['media_id'],
  miniprogram: ['url', 'appid', 'pagepath'],
  click: ['key'],
  scancode_push: ['key'],
  scancode_waitmsg: ['key'],
  pic_sysphoto: ['key'],
  pic_photo_or_album: ['key'],
  pic_weixin: ['key'],
  location_select: ['key'],
};

/** Display units of a name: a double-byte character (anything beyond Latin-1) counts 2, others 1. */
export function nameUnits(s: string): number {
  let n = 0;
  for (const ch of s) n += (ch.codePointAt(0) ?? 0) > 0xff ? 2 : 1;
  return n;
}

const encoder = new TextEncoder();
export function utf8Bytes(s: string): number {
  return encoder.encode(s).length;
}

const Text = z.string().max(2048);
export const MenuSubButtonSchema = z.object({
  type: z.string().max(64).optional(),
  name: z.string().max(256),
  url: Text.optional(),
  key: Text.optional(),
  appid: Text.optional(),
  pagepath: Text.optional(),
  media_id: Text.optional(),
});
export const MenuButtonSchema = MenuSubButtonSchema.extend({
  sub_button: z.array(MenuSubButtonSchema).max(64).optional(),
});
export type MenuSubButton = z.infer<typeof MenuSubButtonSchema>;
export type MenuButton = z.infer<typeof MenuButtonSchema>;

/** One broken rule: which button (1-based top, optional 1-based sub), which field, and which rule. */
export interface MenuProblem {
  top?: number;
  sub?: number;
  field: 'button' | 'sub_button' | 'name' | 'type' | MenuField;
  rule: 'none' | 'tooMany' | 'required' | 'nameUnits' | 'bytes' | 'badType';
  max?: number;
}

function leafProblems(b: MenuSubButton, where: Pick<MenuProblem, 'top' | 'sub'>): MenuProblem[] {
  const type = b.type ?? '';
  if (!type) return [{ ...where, field: 'type', rule: 'required' }];
  if (!(MENU_BUTTON_TYPES as readonly string[]).includes(type)) return [{ ...where, field: 'type', rule: 'badType' }];
  const out: MenuProblem[] = [];
  for (const field of MENU_TYPE_FIELDS[type as MenuButtonType]) {
    const v = (b[field] ?? '').trim();
    const max = field === 'key' ? MENU_KEY_MAX_BYTES : field === 'url' ? MENU_URL_MAX_BYTES : MENU_FIELD_MAX_BYTES;
    if (!v) out.push({ ...where, field, rule: 'required' });
    else if (utf8Bytes(v) > max) out.push({ ...where, field, rule: 'bytes', max });
  }
  return out;
}

function nameProblems(name: string, max: number, where: Pick<MenuProblem, 'top' | 'sub'>): MenuProblem[] {
  if (!name.trim()) return [{ ...where, field: 'name', rule: 'required' }];
  return nameUnits(name) > max ? [{ ...where, field: 'name', rule: 'nameUnits', max }] : [];
}

/** Every rule the menu breaks, in button order. An empty list means the platform can take it. */
export function menuProblems(menu: { button: MenuButton[] }): MenuProblem[] {
  const out: MenuProblem[] = [];
  if (menu.button.length === 0) out.push({ field: 'button', rule: 'none' });
  if (menu.button.length > MENU_MAX_TOP) out.push({ field: 'button', rule: 'tooMany', max: MENU_MAX_TOP });
  menu.button.slice(0, MENU_MAX_TOP).forEach((b, i) => {
    const top = i + 1;
    out.push(...nameProblems(b.name, MENU_TOP_NAME_UNITS, { top }));
    const subs = b.sub_button ?? [];
    if (subs.length > MENU_MAX_SUB) out.push({ top, field: 'sub_button', rule: 'tooMany', max: MENU_MAX_SUB });
    if (subs.length === 0) out.push(...leafProblems(b, { top }));
    subs.slice(0, MENU_MAX_SUB).forEach((s, j) => {
      const where = { top, sub: j + 1 };
      out.push(...nameProblems(s.name, MENU_SUB_NAME_UNITS, where), ...leafProblems(s, where));
    });
  });
  return out;
}

/** Where a problem is, in English ("button 2 / sub 3"); the web and the server localise with the same parts. */
export function problemPlace(p: MenuProblem): string {
  if (p.top === undefined) return 'menu';
  return p.sub === undefined ? `button ${p.top}` : `button ${p.top} / sub ${p.sub}`;
}

/** The English text of a problem, e.g. "button 2 / sub 3: name longer than 16 units". */
export function describeProblem(p: MenuProblem): string {
  const what: Record<MenuProblem['rule'], string> = {
    none: 'at least one button is needed',
    tooMany: `more than ${p.max} ${p.field === 'button' ? 'top buttons' : 'sub buttons'}`,
    required: `${p.field} is required`,
    nameUnits: `name longer than ${p.max} units`,
    bytes: `${p.field} longer than ${p.max} bytes`,
    badType: `unknown type`,
  };
  return `${problemPlace(p)}: ${what[p.rule]}`;
}

function issuePath(p: MenuProblem): (string | number)[] {
  if (p.top === undefined) return ['button'];
  const base: (string | number)[] = ['button', p.top - 1];
  if (p.sub !== undefined) base.push('sub_button', p.sub - 1);
  return p.field === 'button' ? base : [...base, p.field];
}

/** The menu with its rules: each broken rule is one issue whose message names the button. */
export const WechatMenuSchema = z.object({ button: z.array(MenuButtonSchema).max(64) }).superRefine((menu, ctx) => {
  for (const p of menuProblems(menu)) {
    ctx.addIssue({ code: 'custom', message: describeProblem(p), path: issuePath(p), params: { problem: p } });
  }
});
export type WechatMenu = z.infer<typeof WechatMenuSchema>;

export const HospitalCodeSchema = z.string().trim().min(1).max(64);

/** `POST /wxapi/createMenu`: menu is the JSON string of `{button: [...]}`, as the platform takes it. */
export const CreateMenuBodySchema = z.object({
  hospital_code: HospitalCodeSchema,
  menu: z
    .string()
    .min(1)
    .max(64 * 1024),
});
export const GetMenuBodySchema = z.object({ hospital_code: HospitalCodeSchema });

/** The platform's answer, passed on so the page can say succeeded/failed. */
export const PlatformResultSchema = z.object({ errcode: z.number().int(), errmsg: z.string() });
export const GetMenuResultSchema = z.object({
  menu: z.object({ button: z.array(MenuButtonSchema) }),
  errcode: z.number().int(),
  errmsg: z.string(),
});
