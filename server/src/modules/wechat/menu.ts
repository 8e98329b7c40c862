import { z } from 'zod';
import type { Locale } from '@shared/constants';
import {
  MenuButtonSchema,
  menuProblems,
  WechatMenuSchema,
  type CreateMenuBodySchema,
  type MenuButton,
} from '@shared/schemas/wechat-menu';
import type { AppDeps } from '../../platform/context';
import type { AuthUser } from '../../platform/core/auth-user';
import { AppError } from '../../platform/core/errors';
import { assertHospital } from '../../platform/hospital-scope';
import { loadAccount } from './account';
import { callWithToken } from './access-token';
import { PlatformError, type PlatformReply } from './platform-http';
import { problemPlaceText, problemText } from './menu-messages';
import { hasPublicAccount } from './public-bind';

/** The hospital's public account, or a 409 saying it is not set up (/WeChatManage). */
async function accountOf(deps: AppDeps, hospitalCode: string) {
  if (!(await hasPublicAccount(deps.db, hospitalCode)))
    throw new AppError(409, 'WECHAT_NOT_CONFIGURED', 'wxNotConfigured');
  return loadAccount(deps, 'mp', hospitalCode);
}

/** The platform's "no menu yet" (menu/get). */
const MENU_NOT_EXIST = 46003;

function invalidMenu(locale: Locale, button: MenuButton[]): AppError {
  const problems = menuProblems({ button });
  const e = new AppError(400, 'VALIDATION', 'wxMenuInvalid', {
    problems: problems.map((p) => problemText(locale, p)).join('; '),
  });
  e.errors = problems.map((p) => ({ field: problemPlaceText(locale, p), msg: problemText(locale, p) }));
  return e;
}

/** The menu string as JSON with every rule checked; a broken rule is a 400 naming the button. */
export function parseMenu(locale: Locale, text: string): { button: MenuButton[] } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new AppError(400, 'VALIDATION', 'wxMenuJson');
  }
  const shape = z.object({ button: z.array(MenuButtonSchema).max(64) }).safeParse(raw);
  if (!shape.success) throw new AppError(400, 'VALIDATION', 'wxMenuJson');
  const checked = WechatMenuSchema.safeParse(shape.data);
  if (!checked.success) throw invalidMenu(locale, shape.data.button);
  return checked.data;
}

interface MenuCall {
  deps: AppDeps;
  me: AuthUser;
  locale: Locale;
}

/** Publishes the menu after checking it (nothing reaches the platform when a rule is broken). */
export async function createMenu(c: MenuCall, body: z.output<typeof CreateMenuBodySchema>) {
  assertHospital(c.me, body.hospital_code);
  const menu = parseMenu(c.locale, body.menu);
  const account = await accountOf(c.deps, body.hospital_code);
  try {
    const r = await callWithToken(c.deps, account, '/cgi-bin/menu/create', menu);
    return { errcode: r.errcode ?? 0, errmsg: r.errmsg ?? 'ok' };
  } catch (e) {
    // The platform's refusal is the answer the page shows ("publish menu failed: <errmsg>").
    if (e instanceof PlatformError) return { errcode: e.errcode, errmsg: e.errmsg };
    throw e;
  }
}

/** The menu the platform holds now (an empty one when the account has none). */
export async function getMenu(c: MenuCall, hospitalCode: string): Promise<{ button: MenuButton[] }> {
  assertHospital(c.me, hospitalCode);
  const account = await accountOf(c.deps, hospitalCode);
  let answer: PlatformReply;
  try {
    answer = await callWithToken(c.deps, account, '/cgi-bin/menu/get');
  } catch (e) {
    if (e instanceof PlatformError && e.errcode === MENU_NOT_EXIST) return { button: [] };
    throw e;
  }
  const menu = z.object({ menu: z.object({ button: z.array(MenuButtonSchema) }) }).safeParse(answer);
  return { button: menu.success ? menu.data.menu.button : [] };
}
