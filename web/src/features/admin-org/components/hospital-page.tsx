import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Space } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HospitalRow } from '@shared/schemas/admin-org';
import { ListPage } from '@web/components/list-page/list-page';
import type { ListColumn } from '@web/components/list-page/list-table';
import { useListParams } from '@web/components/list-page/use-list-params';
import { useConfirmDelete } from '@web/components/use-confirm-delete';
import { SUPER_ADMIN_ROLE_PK } from '@shared/constants';
import { useUserInfo } from '@web/lib/user-info';
import { deleteHospital, exportHospitals, useHospitalList } from '../api/org-api';
import { hospitalSpec, type HospitalFilters } from '../lib/specs';
import { HospitalForm } from './hospital-form';

/** Hospitals: list, export, create and delete (super administrator), edit. */
export function HospitalPage() {
  const { t } = useTranslation('adminOrg');
  const { message } = App.useApp();
  const confirmDelete = useConfirmDelete();
  const isSuper = useUserInfo().data?.user.role_pk === SUPER_ADMIN_ROLE_PK;
  const spec = useMemo(() => hospitalSpec(t), [t]);
  const state = useListParams(spec);
  const query = useHospitalList(state.params);
  const [editing, setEditing] = useState<HospitalRow | null | undefined>(undefined);

  const askDelete = (r: HospitalRow) =>
    confirmDelete({
      title: t('hospital.deleteTitle'),
      content: t('hospital.deleteConfirm', { name: r.name }),
      okTestId: 'hospital-delete-ok',
      // A refusal (studies or users remain) shows the server's reason through the request layer.
      run: () => deleteHospital(r.pk),
      done: t('deleted'),
      after: () => void query.refetch(),
    });

  const columns = useMemo(
    (): ListColumn<HospitalRow>[] => [
      { title: t('hospital.sn'), dataIndex: 'sn', key: 'sn', width: 100 },
      { title: t('hospital.code'), dataIndex: 'code', key: 'code', width: 100 },
      { title: t('hospital.name'), dataIndex: 'name', key: 'name', width: 200 },
      { title: t('hospital.region'), dataIndex: 'region_name', key: 'region_name', width: 120 },
      { title: t('hospital.address'), dataIndex: 'address', key: 'address', width: 220 },
      { title: t('hospital.title1'), dataIndex: 'title1', key: 'title1', width: 180 },
      {
        title: t('hospital.qrcode_type'),
        dataIndex: 'qrcode_type',
        key: 'qrcode_type',
        width: 120,
        render: (v: number) => t(`hospital.qrcode.${v as 0 | 1 | 2}`),
      },
      {
        title: t('actions'),
        key: 'actions',
        fixed: 'right',
        width: 140,
        render: (_: unknown, r: HospitalRow) => (
          <Space size={0}>
            <Button type="link" onClick={() => setEditing(r)} data-testid="hospital-edit">
              {t('edit')}
            </Button>
            {isSuper && (
              <Button type="link" danger onClick={() => askDelete(r)} data-testid="hospital-delete">
                {t('delete')}
              </Button>
            )}
          </Space>
        ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- askDelete only closes over stable values
    [t, isSuper],
  );

  return (
    <>
      <ListPage<HospitalRow, HospitalFilters>
        testId="hospital"
        pageTestId="hospital-page"
        route="/system/hospital"
        spec={spec}
        state={state}
        query={query}
        columns={columns}
        rowKey="pk"
        rowAttrs={(r) => ({ 'data-sn': r.sn })}
        onExport={() => exportHospitals(state.params)}
        toolbar={
          isSuper && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)} data-testid="hospital-new">
              {t('hospital.new')}
            </Button>
          )
        }
      />
      <HospitalForm
        row={editing}
        keysEditable={isSuper}
        onClose={(saved) => {
          setEditing(undefined);
          if (saved) {
            void message.success(t('saved'));
            void query.refetch();
          }
        }}
      />
    </>
  );
}
