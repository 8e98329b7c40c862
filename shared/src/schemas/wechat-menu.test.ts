import { describe, expect, it } from 'vitest';
import { describeProblem, menuProblems, nameUnits, utf8Bytes, WechatMenuSchema, type MenuButton } from './wechat-menu';

const click = (name: string, key = 'K'): MenuButton => ({ type: 'click', name, key });
const messages = (button: MenuButton[]) => menuProblems({ button }).map(describeProblem);

describe('name units and bytes', () => {
  it('counts a double-byte character as 2 units', () => {
    expect(nameUnits('abc')).toBe(3);
    expect(nameUnits('五个汉字')).toBe(8);
    expect(nameUnits('五个汉字a')).toBe(9);
    expect(nameUnits('é')).toBe(1);
    expect(nameUnits('😀')).toBe(2);
  });
  it('counts UTF-8 bytes', () => {
    expect(utf8Bytes('a'.repeat(128))).toBe(128);
    expect(utf8Bytes('汉')).toBe(3);
  });
});

describe('menu rules', () => {
  it('accepts a full menu: 3 top buttons with 5 subs each, every type with its fields', () => {
    const subs: MenuButton[] = [
      { type: 'view', name: '预约检查', url: 'https://example.org/a' },
      { type: 'media_id', name: 'media', media_id: 'M1' },
      { type: 'miniprogram', name: 'mini', url: 'https://e.org', appid: 'wx1', pagepath: 'pages/index' },
      { type: 'scancode_push', name: 'scan', key: 'S' },
      { type: 'location_select', name: '十六个单位的名字', key: 'L' },
    ];
    const menu = { button: [1, 2, 3].map((i) => ({ name: `顶${i}`, sub_button: subs })) };
    expect(menuProblems(menu)).toEqual([]);
    expect(WechatMenuSchema.safeParse(menu).success).toBe(true);
  });

  it('refuses a 9-unit top name and accepts 8', () => {
    expect(messages([click('五个汉字')])).toEqual([]);
    expect(messages([click('五个汉字a')])).toEqual(['button 1: name longer than 8 units']);
  });

  it('allows 16 units below, names the sub button past it', () => {
    const b = { name: 'top', sub_button: [click('a'), click('b'), click('十六个单位的名字x')] };
    expect(messages([click('x'), b])).toEqual(['button 2 / sub 3: name longer than 16 units']);
  });

  it('refuses a key of 129 bytes and accepts 128', () => {
    expect(messages([click('a', 'k'.repeat(128))])).toEqual([]);
    expect(messages([click('a', 'k'.repeat(129))])).toEqual(['button 1: key longer than 128 bytes']);
    // 43 Chinese characters are 129 bytes
    expect(messages([click('a', '键'.repeat(43))])).toEqual(['button 1: key longer than 128 bytes']);
  });

  it('counts buttons', () => {
    expect(messages([])).toEqual(['menu: at least one button is needed']);
    expect(messages([click('a'), click('b'), click('c'), click('d')])).toEqual(['menu: more than 3 top buttons']);
    const six = { name: 'top', sub_button: Array.from({ length: 6 }, (_, i) => click(`s${i}`)) };
    expect(messages([six])).toEqual(['button 1: more than 5 sub buttons']);
  });

  it('needs the fields of each type, and a known type on a button without subs', () => {
    expect(messages([{ name: 'a' }])).toEqual(['button 1: type is required']);
    expect(messages([{ name: 'a', type: 'view_limited' }])).toEqual(['button 1: unknown type']);
    expect(messages([{ name: 'a', type: 'view' }])).toEqual(['button 1: url is required']);
    expect(messages([{ name: 'a', type: 'media_id' }])).toEqual(['button 1: media_id is required']);
    expect(messages([{ name: 'a', type: 'miniprogram', url: 'u' }])).toEqual([
      'button 1: appid is required',
      'button 1: pagepath is required',
    ]);
    expect(messages([{ name: ' ', type: 'pic_weixin', key: ' ' }])).toEqual([
      'button 1: name is required',
      'button 1: key is required',
    ]);
  });

  it('ignores the type of a top button that has sub buttons', () => {
    expect(messages([{ name: 'a', type: 'view', sub_button: [click('s')] }])).toEqual([]);
  });

  it('puts each problem on the path of its button', () => {
    const r = WechatMenuSchema.safeParse({ button: [click('a'), { name: 'b', sub_button: [click('c', '')] }] });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['button.1.sub_button.0.key', 'button 2 / sub 1: key is required'],
    ]);
  });
});
