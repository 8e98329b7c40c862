import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Space, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UsClientRow } from '@shared/schemas/us-stations';
import { ListPage } from '@web/components/list-page/list-page';
import type { ListColumn } from '@web/components/list-page/list-table';
import { useListParams } from '@web/components/list-page/use-list-params';
import { useConfirmDelete } from '@web/components/use-confirm-delete';
import { deleteStation, useRooms, useStations } from '../api/us-station-api';
import { rangeLabel, stationSpec, type StationFilters } from '../lib/us-station-list';
import { StationForm } from './station-form';

type Options = { value: string; label: string }[];

/** The US stations: list with room and segment, create, edit, delete. */
export function StationList({ hospitals }: { hospitals: Options | null }) {
  const { t } = useTranslation('usStation');
  const { message } = App.useApp();
  const confirmDelete = useConfirmDelete();
  const rooms = useRooms();
  const roomOptions = useMemo(
    () => (rooms.data ?? []).map((r) => ({ value: r.room_name, label: r.room_name })),
    [rooms.data],
  );
  const spec = useMemo(() => stationSpec(t, roomOptions, hospitals), [t, roomOptions, hospitals]);
  const state = useListParams(spec);
  const query = useStations(state.params);
  const [editing, setEditing] = useState<UsClientRow | null | undefined>(undefined);
  const refetch = () => void query.refetch();

  const columns = useMemo(
    (): ListColumn<UsClientRow>[] => [
      { title: t('fields.name'), dataIndex: 'name', key: 'name', width: 160 },
      ...(hospitals
        ? [{ title: t('fields.hospital'), dataIndex: 'hospital_name', key: 'hospital_name', width: 160 }]
        : []),
      { title: t('fields.call_room'), dataIndex: 'call_room', key: 'call_room', width: 120 },
      { title: t('fields.ip'), dataIndex: 'ip', key: 'ip', width: 140 },
      {
        title: t('fields.segment'),
        key: 'segment',
        width: 160,
        render: (_: unknown, r: UsClientRow) =>
          r.segment ? <Tag color="blue">{rangeLabel(r.segment)}</Tag> : t('fromOne'),
      },
      {
        title: t('fields.status'),
        dataIndex: 'status',
        key: 'status',
        width: 100,
        render: (v: number) => (v === 1 ? <Tag color="green">{t('on')}</Tag> : <Tag>{t('off')}</Tag>),
      },
      { title: t('fields.remark'), dataIndex: 'remark', key: 'remark' },
      {
        title: t('actions'),
        key: 'actions',
        fixed: 'right',
        width: 150,
        render: (_: unknown, r: UsClientRow) => (
          <Space size={0}>
            <Button type="link" onClick={() => setEditing(r)} data-testid="us-station-edit">
              {t('editShort')}
            </Button>
            <Button
              type="link"
              danger
              data-testid="us-station-delete"
              onClick={() =>
                confirmDelete({
                  title: t('station.deleteTitle'),
                  content: t('station.deleteConfirm', { name: r.name }),
                  okTestId: 'us-station-delete-ok',
                  run: () => deleteStation(r.pk),
                  done: t('deleted'),
                  after: refetch,
                })
              }
            >
              {t('delete')}
            </Button>
          </Space>
        ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the handlers close over stable values
    [t, hospitals],
  );

  return (
    <>
      <ListPage<UsClientRow, StationFilters>
        testId="us-station"
        pageTestId="us-station-list"
        route="/system/usStation#stations"
        spec={spec}
        state={state}
        query={query}
        columns={columns}
        rowKey="pk"
        rowAttrs={(r) => ({ 'data-pk': String(r.pk), 'data-name': r.name })}
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)} data-testid="us-station-new">
            {t('station.new')}
          </Button>
        }
      />
      <StationForm
        row={editing}
        hospitals={hospitals}
        onClose={(saved) => {
          setEditing(undefined);
          if (!saved) return;
          void message.success(t('saved'));
          refetch();
        }}
      />
    </>
  );
}
