import { PlusOutlined } from '@ant-design/icons';
import { Button, Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { UsClientRow } from '@shared/schemas/us-stations';
import { EditDeleteActions } from '@web/components/list-page/edit-delete-actions';
import { ListPage } from '@web/components/list-page/list-page';
import type { ListColumn } from '@web/components/list-page/list-table';
import { useEditModal } from '@web/components/list-page/use-edit-modal';
import { useListParams } from '@web/components/list-page/use-list-params';
import { deleteStation, useRooms, useStations } from '../api/us-station-api';
import { rangeLabel, stationSpec, type StationFilters } from '../lib/us-station-list';
import { StationForm } from './station-form';

type Options = { value: string; label: string }[];

/** The US stations: list with room and segment, create, edit, delete. */
export function StationList({ hospitals }: { hospitals: Options | null }) {
  const { t } = useTranslation('usStation');
  const rooms = useRooms();
  const roomOptions = useMemo(
    () => (rooms.data ?? []).map((r) => ({ value: r.room_name, label: r.room_name })),
    [rooms.data],
  );
  const spec = useMemo(() => stationSpec(t, roomOptions, hospitals), [t, roomOptions, hospitals]);
  const state = useListParams(spec);
  const query = useStations(state.params);
  const refetch = () => void query.refetch();
  const edit = useEditModal<UsClientRow>(t('saved'), refetch);

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
          <EditDeleteActions
            testId="us-station"
            editText={t('editShort')}
            deleteText={t('delete')}
            onEdit={() => edit.open(r)}
            confirm={{
              title: t('station.deleteTitle'),
              content: t('station.deleteConfirm', { name: r.name }),
              run: () => deleteStation(r.pk),
              done: t('deleted'),
              after: refetch,
            }}
          />
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
          <Button type="primary" icon={<PlusOutlined />} onClick={() => edit.open(null)} data-testid="us-station-new">
            {t('station.new')}
          </Button>
        }
      />
      <StationForm row={edit.row} hospitals={hospitals} onClose={edit.onClose} />
    </>
  );
}
