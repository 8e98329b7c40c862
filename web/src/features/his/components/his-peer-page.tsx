import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Flex, Table, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { SUPER_ADMIN_ROLE_PK } from '@shared/constants';
import type { Hl7PeerRow } from '@shared/schemas/his';
import { useEditModal } from '@web/components/list-page/use-edit-modal';
import { useStickyTop } from '@web/components/sticky-top';
import { useUserInfo } from '@web/lib/user-info';
import { useHisPeers, useHospitalOptions } from '../api/his-api';
import { hisPeerColumns } from './his-peer-columns';
import { HisPeerForm } from './his-peer-form';

/**
 * The HIS interfaces (HL7 v2 senders and where results go): list with an on/off switch, create, edit,
 * delete. A handful per hospital and shown beside the DICOM devices on one route, so a plain table: the
 * ListPage parts keep paging and filters in the URL, which the devices' list already uses there.
 */
export function HisPeerPage() {
  const { t } = useTranslation(['his', 'common']);
  const isSuper = useUserInfo().data?.user.role_pk === SUPER_ADMIN_ROLE_PK;
  const hospitalList = useHospitalOptions(isSuper);
  const hospitals = useMemo(
    () => (isSuper ? (hospitalList.data ?? []).map((h) => ({ value: h.code, label: h.name })) : null),
    [isSuper, hospitalList.data],
  );
  const query = useHisPeers();
  const refetch = () => void query.refetch();
  const edit = useEditModal<Hl7PeerRow>(t('saved'), refetch);
  const stickyTop = useStickyTop();

  const columns = useMemo(
    () => hisPeerColumns(t, { onEdit: edit.open, refetch }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the handlers close over stable values
    [t],
  );
  const width = columns.reduce((sum, c) => sum + (typeof c.width === 'number' ? c.width : 120), 0);
  const rows = query.data ?? [];

  return (
    <Card data-testid="his-page" styles={{ body: { padding: 16 } }}>
      <Flex gap={16} align="center" wrap style={{ marginBottom: 12 }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => edit.open(null)} data-testid="his-new">
          {t('new')}
        </Button>
        <Typography.Text type="secondary">{t('intro')}</Typography.Text>
      </Flex>
      <div
        data-testid="his-result"
        data-fetching={String(query.isFetching)}
        data-total={query.data ? String(rows.length) : ''}
      >
        <Table<Hl7PeerRow>
          rowKey="pk"
          className="rx-list-table"
          size="middle"
          columns={columns}
          dataSource={rows}
          loading={query.isFetching}
          scroll={{ x: width }}
          sticky={{ offsetHeader: stickyTop }}
          pagination={false}
          onRow={(r) => ({ 'data-testid': 'his-row', 'data-pk': String(r.pk), 'data-name': r.name }) as object}
          locale={{ emptyText: <Empty description={t('common:noData')} data-testid="his-no-data" /> }}
          data-testid="his-table"
        />
      </div>
      <HisPeerForm row={edit.row} hospitals={hospitals} onClose={edit.onClose} />
    </Card>
  );
}
