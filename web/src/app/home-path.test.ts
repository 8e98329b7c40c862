import { describe, expect, it } from 'vitest';
import { firstMenuPage } from './home-path';

describe('firstMenuPage', () => {
  it('takes the first page, in menu order, looking inside folders', () => {
    const menus = [
      { key: 'empty', path: '', title: 'empty folder', icon: '', children: [] },
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
    expect(firstMenuPage(menus)).toBe('/system/user');
  });

  it('is undefined when the menu offers no page', () => {
    expect(firstMenuPage([])).toBeUndefined();
    expect(firstMenuPage([{ key: 'f', path: '', title: 'folder', icon: '', children: [] }])).toBeUndefined();
  });
});
