import { DeleteOutlined, RollbackOutlined } from '@ant-design/icons';
import { App, Button, Space, type ButtonProps } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { SUPER_ADMIN_ROLE_PK } from '@shared/constants';
import { PERMISSIONS } from '@shared/permissions';
import type { RecycleRow } from '@shared/schemas/recycle';
import { ListPage } from '@web/components/list-page/list-page';
import type { ListColumn } from '@web/components/list-page/list-table';
import { useListParams } from '@web/components/list-page/use-list-params';
import { RptStatusTag } from '@web/components/rpt-status-tag';
import { useConfirmDelete } from '@web/components/use-confirm-delete';
import { usePermission, useUserInfo } from '@web/lib/user-info';
import { purgeStudies, restoreStudies, useRecycleBin } from '../api/recycle-api';
import { recycleSpec, type RecycleFilters } from '../lib/recycle-list';

/** /recycle: studies deleted to the recycle bin, each restored (order:delete) or deleted for good (order:purge). */
export function RecyclePage() {
  const { t } = useTranslation(['recycle', 'study']);
  const { modal, message } = App.useApp();
  const confirmDelete = useConfirmDelete();
  const isSuper = useUserInfo().data?.user.role_pk === SUPER_ADMIN_ROLE_PK;
  const canPurge = usePermission(PERMISSIONS.ORDER_PURGE);
  const spec = useMemo(() => recycleSpec(t, isSuper), [t, isSuper]);
  const state = useListParams(spec);
  const query = useRecycleBin(state.params);

  const restore = (r: RecycleRow) =>
    modal.confirm({
      title: t('confirmRestore', { name: r.patient_name || r.patient_id }),
      okButtonProps: { 'data-testid': 'rb-confirm-restore' } as ButtonProps,
      onOk: async () => {
        await restoreStudies([r.study_iuid]);
        void message.success(t('restored'));
      },
    });
  const purge = (r: RecycleRow) =>
    confirmDelete({
      title: t('confirmPurge', { name: r.patient_name || r.patient_id }),
      okTestId: 'rb-confirm-purge',
      run: () => purgeStudies([r.study_iuid]),
      done: t('purged'),
    });

  const columns = useMemo(
    (): ListColumn<RecycleRow>[] => [
      { title: t('study:fields.patient_id'), dataIndex: 'patient_id', width: 110 },
      { title: t('study:fields.patient_name'), dataIndex: 'patient_name', key: 'patient_name', width: 100 },
      { title: t('study:fields.accession_no'), dataIndex: 'accession_no', width: 110 },
      { title: t('study:fields.modality'), dataIndex: 'modality', width: 80 },
      { title: t('study:fields.study_datetime'), dataIndex: 'study_datetime', key: 'study_datetime', width: 160 },
      { title: t('recycle:columns.deletedAt'), dataIndex: 'deleted_at', key: 'deleted_at', width: 160 },
      { title: t('recycle:columns.deletedBy'), dataIndex: 'deleted_by', width: 90 },
      {
        title: t('recycle:columns.reason'),
        dataIndex: 'delete_reason',
        width: 200,
        ellipsis: true,
        render: (v: string) => <span data-testid="rb-row-reason">{v}</span>,
      },
      {
        title: t('recycle:columns.purgeAt'),
        key: 'purge_at',
        width: 160,
        render: (_: unknown, r: RecycleRow) => r.purge_at || t('recycle:columns.never'),
      },
      {
        title: t('study:fields.rpt_status'),
        key: 'rpt_status',
        width: 100,
        render: (_: unknown, r: RecycleRow) => (r.rpt_status === null ? null : <RptStatusTag status={r.rpt_status} />),
      },
      { title: t('recycle:columns.fileCount'), dataIndex: 'file_count', width: 80, align: 'right' },
      ...(isSuper ? [{ title: t('study:fields.hospital_name'), dataIndex: 'hospital_name', width: 130 }] : []),
      { title: t('study:fields.study_desc'), dataIndex: 'study_desc', width: 140, ellipsis: true },
      {
        title: t('study:actions.title'),
        key: 'actions',
        fixed: 'right',
        width: canPurge ? 190 : 90,
        render: (_: unknown, r: RecycleRow) => (
          <Space size={0}>
            <Button
              type="link"
              size="small"
              icon={<RollbackOutlined />}
              onClick={() => restore(r)}
              data-testid="rb-row-restore"
            >
              {t('recycle:actions.restore')}
            </Button>
            {canPurge && (
              <Button
                type="link"
                size="small"
                danger
                icon={<DeleteOutlined />}
                onClick={() => purge(r)}
                data-testid="rb-row-purge"
              >
                {t('recycle:actions.purge')}
              </Button>
            )}
          </Space>
        ),
      },
    ],
    // restore and purge only close over App's stable modal, message and the confirm hook.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, isSuper, canPurge],
  );

  return (
    <ListPage<RecycleRow, RecycleFilters>
      testId="rb"
      pageTestId="recycle-page"
      route="/recycle"
      spec={spec}
      state={state}
      query={query}
      columns={columns}
      rowKey="study_iuid"
      rowAttrs={(r) => ({ 'data-study': r.study_iuid })}
    />
  );
}
