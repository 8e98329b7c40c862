import { describe, expect, it } from 'vitest';
import type { PermissionNode } from '@shared/schemas/admin-role';
import { indexTree, installationKeys, toggleKey } from './permission-tree';

const node = (key: string, children?: PermissionNode[]): PermissionNode => ({
  key,
  title: key,
  menu_type: children ? 0 : 2,
  perms: '',
  ...(children ? { children } : {}),
});
const tree = [
  node('orderList', [node('writeRpt'), node('audit')]),
  node('sysAdmin', [node('sysUser', [node('userLock')]), node('sysRole'), { ...node('sysApp'), installation: true }]),
  node('collection'),
];
const ix = indexTree(tree);
const sorted = (keys: string[]) => [...keys].sort();

describe('toggleKey', () => {
  it('checking an action checks its page and folder above, nothing beside it', () => {
    expect(sorted(toggleKey(ix, [], 'userLock', true))).toEqual(['sysAdmin', 'sysUser', 'userLock']);
  });

  it('checking a folder checks everything below it', () => {
    expect(sorted(toggleKey(ix, ['collection'], 'sysAdmin', true))).toEqual(
      sorted(['collection', 'sysAdmin', 'sysUser', 'userLock', 'sysRole', 'sysApp']),
    );
  });

  it("checking a folder of a hospital's role leaves the installation-wide keys below it unchecked", () => {
    expect(installationKeys(tree)).toEqual(new Set(['sysApp']));
    expect(sorted(toggleKey(ix, [], 'sysAdmin', true, installationKeys(tree)))).toEqual(
      sorted(['sysAdmin', 'sysUser', 'userLock', 'sysRole']),
    );
  });

  it('unchecking a page unchecks its actions and leaves its folder and siblings', () => {
    const all = ['sysAdmin', 'sysUser', 'userLock', 'sysRole'];
    expect(sorted(toggleKey(ix, all, 'sysUser', false))).toEqual(['sysAdmin', 'sysRole']);
  });

  it('a page may be held without its actions', () => {
    const page = toggleKey(ix, ['orderList', 'writeRpt', 'audit'], 'audit', false);
    expect(sorted(toggleKey(ix, page, 'writeRpt', false))).toEqual(['orderList']);
  });

  it('indexes parents and children of the whole tree', () => {
    expect(ix.parent.get('userLock')).toBe('sysUser');
    expect(ix.parent.get('orderList')).toBeUndefined();
    expect(ix.children.get('sysAdmin')).toEqual(['sysUser', 'sysRole', 'sysApp']);
  });
});
