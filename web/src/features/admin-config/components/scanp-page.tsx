import { PlusOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SUPER_ADMIN_ROLE_PK } from '@shared/constants';
import type { ScanItemRow } from '@shared/schemas/scan-item';
import { ListPage } from '@web/components/list-page/list-page';
import type { ListColumn } from '@web/components/list-page/list-table';
import { useListParams } from '@web/components/list-page/use-list-params';
import { useConfirmDelete } from '@web/components/use-confirm-delete';
import { useUserInfo } from '@web/lib/user-info';
import { scanpApi, useScanpList } from '../api/scanp-api';
import { scanpSpec, type ScanpFilters } from '../lib/scanp-list';
import { ScanpEditModal } from './scanp-edit-modal';
import { ScanpImportButton } from './scanp-import-button';

const money = (v: number | null) => (v === null ? '' : v.toFixed(2));

/** Scan items: filters, export, import, create and edit with the spec's checks, delete and batch delete. */
export function ScanpPage() {
  const { t } = useTranslation('adminConfig');
  const confirmDelete = useConfirmDelete();
  const isSuper = useUserInfo().data?.user.role_pk === SUPER_ADMIN_ROLE_PK;
  const spec = useMemo(() => scanpSpec(t, isSuper), [t, isSuper]);
  const state = useListParams(spec);
  const query = useScanpList(state.params);
  const [editing, setEditing] = useState<ScanItemRow | null | undefined>(undefined);

  const columns = useMemo((): ListColumn<ScanItemRow>[] => {
    const remove = (r: ScanItemRow) =>
      confirmDelete({
        title: t('common.confirmDelete', { name: r.description }),
        okTestId: 'scanp-delete-ok',
        run: () => scanpApi.remove(r.scanp_id),
        done: t('common.deleted'),
        after: () => void query.refetch(),
      });
    const cols: ListColumn<ScanItemRow>[] = [
      { title: t('scanp.description'), dataIndex: 'description', key: 'description', width: 200 },
      { title: t('scanp.code'), dataIndex: 'code', key: 'code', width: 110 },
      { title: t('scanp.modality'), dataIndex: 'modality', key: 'modality', width: 100 },
      { title: t('scanp.cost'), dataIndex: 'cost', key: 'cost', width: 100, align: 'right', render: money },
      {
        title: t('scanp.otherPrice'),
        dataIndex: 'other_price',
        key: 'other_price',
        width: 110,
        align: 'right',
        render: money,
      },
      { title: t('scanp.partnum'), dataIndex: 'partnum', key: 'partnum', width: 80 },
      { title: t('scanp.coefficient'), dataIndex: 'coefficient', key: 'coefficient', width: 80 },
      { title: t('scanp.customCode'), dataIndex: 'custom_code', key: 'custom_code', width: 120 },
      { title: t('scanp.en'), dataIndex: 'en', key: 'en', width: 140 },
    ];
    if (isSuper) {
      cols.splice(1, 0, {
        title: t('scanp.hospitalCode'),
        dataIndex: 'hospital_code',
        key: 'hospital_code',
        width: 120,
        render: (v: string) => v || t('scanp.installationWide'),
      });
    }
    cols.push({
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      width: 130,
      render: (_: unknown, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing(r)} data-testid={`scanp-edit-${r.scanp_id}`}>
            {t('common.edit')}
          </Button>
          <Button type="link" size="small" danger onClick={() => remove(r)} data-testid={`scanp-delete-${r.scanp_id}`}>
            {t('common.delete')}
          </Button>
        </Space>
      ),
    });
    return cols;
  }, [t, confirmDelete, query, isSuper]);

  return (
    <>
      <ListPage<ScanItemRow, ScanpFilters>
        testId="scanp"
        pageTestId="scanp-page"
        route="/system/scanp"
        spec={spec}
        state={state}
        query={query}
        columns={columns}
        rowKey="scanp_id"
        batchDelete={{
          label: t('scanp.deleteSelected'),
          confirm: (count) => t('scanp.confirmBatch', { count }),
          run: scanpApi.removeMany,
        }}
        onExport={() => scanpApi.exportXls(state.params)}
        toolbar={
          <>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)} data-testid="scanp-new">
              {t('common.new')}
            </Button>
            <ScanpImportButton onImported={() => void query.refetch()} />
          </>
        }
      />
      {editing !== undefined && (
        <ScanpEditModal
          row={editing}
          isSuper={isSuper}
          onClose={(changed) => {
            setEditing(undefined);
            if (changed) void query.refetch();
          }}
        />
      )}
    </>
  );
}
