import { Alert, App, Button, Card, Empty, Spin, Tag, Tree } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PermissionNode, RolePermissions as RolePermissionsData, RoleRow } from '@shared/schemas/admin-role';
import { saveRolePermissions, useRolePermissions } from '../api/roles-api';
import { indexTree, installationKeys, toggleKey } from '../lib/permission-tree';
import { roleName } from '../lib/user-list';

interface TreeNode {
  key: string;
  title: React.ReactNode;
  disableCheckbox?: boolean;
  children?: TreeNode[];
}

interface Labels {
  type: (t: number) => string;
  installation: string;
  /** A hospital's role: installation-wide permissions cannot be checked. */
  ownHospital: boolean;
}

function treeData(nodes: readonly PermissionNode[], l: Labels): TreeNode[] {
  return nodes.map((n) => ({
    key: n.key,
    title: (
      <span data-testid={`role-perm-${n.key}`} data-installation={n.installation ? 'true' : undefined}>
        {n.title}
        {n.menu_type !== 2 && (
          <Tag style={{ marginInlineStart: 8 }} bordered={false}>
            {l.type(n.menu_type)}
          </Tag>
        )}
        {n.installation && (
          <Tag style={{ marginInlineStart: 4 }} bordered={false} color="orange">
            {l.installation}
          </Tag>
        )}
      </span>
    ),
    ...(n.installation && l.ownHospital ? { disableCheckbox: true } : {}),
    ...(n.children?.length ? { children: treeData(n.children, l) } : {}),
  }));
}

/** The chosen role's menu/permission tree with checkboxes and a save button; role 1 read-only. */
export function RolePermissions({ role }: { role: RoleRow | undefined }) {
  const { t, i18n } = useTranslation('adminUser');
  const { message } = App.useApp();
  const query = useRolePermissions(role?.pk);
  const [saving, setSaving] = useState(false);
  const data = query.data;
  // Edits belong to the answer they were made on: a new answer (another role, a reload) starts afresh.
  const [edited, setEdited] = useState<{ on: RolePermissionsData; keys: string[] } | null>(null);
  const checked = data && edited?.on === data ? edited.keys : (data?.checked ?? []);
  const setChecked = (keys: string[]) => data && setEdited({ on: data, keys });
  const index = useMemo(() => indexTree(data?.tree ?? []), [data]);
  const ownHospital = !!role?.hospital_code;
  const blocked = useMemo(
    () => (ownHospital ? installationKeys(data?.tree ?? []) : new Set<string>()),
    [data, ownHospital],
  );
  const nodes = useMemo(
    () =>
      treeData(data?.tree ?? [], {
        type: (n) => t(`roles.menuType.${n as 0 | 1 | 2}`),
        installation: t('roles.installation'),
        ownHospital,
      }),
    [data, t, ownHospital],
  );

  if (!role) {
    return (
      <Card data-testid="role-permissions">
        <Empty description={t('roles.choose')} />
      </Card>
    );
  }
  const save = async () => {
    setSaving(true);
    try {
      await saveRolePermissions(role.pk, checked);
      void message.success(t('roles.permissionsSaved'));
      await query.refetch();
    } finally {
      setSaving(false);
    }
  };
  const readonly = data?.readonly ?? role.builtin;
  return (
    <Card
      data-testid="role-permissions"
      data-role={role.code}
      title={t('roles.permissions', { name: roleName(role, i18n.language === 'en-US') })}
      extra={
        !readonly && (
          <Button
            type="primary"
            loading={saving}
            disabled={!data}
            onClick={() => void save()}
            data-testid="role-perm-save"
          >
            {t('roles.savePermissions')}
          </Button>
        )
      }
    >
      {readonly && (
        <Alert
          type="info"
          showIcon
          title={t('roles.holdsAll')}
          style={{ marginBottom: 12 }}
          data-testid="role-perm-readonly"
        />
      )}
      {!readonly && ownHospital && (
        <Alert type="info" showIcon title={t('roles.installationHint')} style={{ marginBottom: 12 }} />
      )}
      <Spin spinning={query.isFetching}>
        <Tree
          checkable
          checkStrictly
          defaultExpandAll
          key={`${role.pk}-${data ? 'loaded' : 'loading'}`}
          disabled={readonly}
          selectable={false}
          treeData={nodes}
          checkedKeys={checked}
          onCheck={(_keys, e) => setChecked(toggleKey(index, checked, String(e.node.key), e.checked, blocked))}
          data-testid="role-perm-tree"
        />
      </Spin>
    </Card>
  );
}
