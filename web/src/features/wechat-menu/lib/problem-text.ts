import type { TFunction } from 'i18next';
import type { MenuProblem } from '@shared/schemas/wechat-menu';

/** A problem in the page's language, naming the button ("第 2 个菜单 / 第 3 个子菜单：名称超过 16 个单位"). */
export function problemText(t: TFunction<'wechatMenu'>, p: MenuProblem): string {
  const place =
    p.top === undefined
      ? t('place.menu')
      : p.sub === undefined
        ? t('place.top', { top: p.top })
        : t('place.sub', { top: p.top, sub: p.sub });
  const field = t(`fields.${p.field}`);
  return t('place.join', { place, text: t(`rules.${p.rule}`, { field, max: p.max }) });
}
