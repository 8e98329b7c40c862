import { describe, expect, it } from 'vitest';
import { firstMenuPage } from './home-path';

describe('firstMenuPage', () => {
  it('takes the first page with a screen, in menu order, looking inside folders', () => {
    const menus = [
      {
        key: 'f',
        path: '',
        title: 'folder',
        icon: '',
        children: [{ key: 'a', path: '/printApply/:id', title: 'a', icon: '' }],
      },
      {
        key: 'sys',
        path: '',
        title: 'admin',
        icon: '',
        children: [
          { key: 'u', path: '/system/user', title: 'users', icon: '' },
          { key: 'd', path: '/system/device', title: 'devices', icon: '' },
        ],
      },
    ];
    // /printApply/:id has no screen yet, so the users page comes first.
    expect(firstMenuPage(menus)).toBe('/system/user');
  });

  it('is undefined when nothing in the menu has a screen', () => {
    expect(firstMenuPage([])).toBeUndefined();
    expect(firstMenuPage([{ key: 'a', path: '/printApply/:id', title: 'a', icon: '' }])).toBeUndefined();
  });
});
