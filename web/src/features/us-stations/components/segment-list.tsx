import { PlusOutlined } from '@ant-design/icons';
import { Button, Space, Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { usNumberLabel, type UsNumberRow } from '@shared/schemas/us-stations';
import { EditDeleteActions } from '@web/components/list-page/edit-delete-actions';
import { ListPage } from '@web/components/list-page/list-page';
import type { ListColumn } from '@web/components/list-page/list-table';
import { useEditModal } from '@web/components/list-page/use-edit-modal';
import { useListParams } from '@web/components/list-page/use-list-params';
import { deleteSegment, useSegments } from '../api/us-station-api';
import { rangeLabel, segmentSpec, type SegmentFilters } from '../lib/us-station-list';
import { SegmentForm } from './segment-form';

type Options = { value: string; label: string }[];

/** The number segments of the US rooms with today's numbers: list, create, edit, delete. */
export function SegmentList({ hospitals }: { hospitals: Options | null }) {
  const { t } = useTranslation('usStation');
  const spec = useMemo(() => segmentSpec(t, hospitals), [t, hospitals]);
  const state = useListParams(spec);
  const query = useSegments(state.params);
  const refetch = () => void query.refetch();
  const edit = useEditModal<UsNumberRow>(t('saved'), refetch);

  const columns = useMemo(
    (): ListColumn<UsNumberRow>[] => [
      { title: t('fields.call_room'), dataIndex: 'call_room', key: 'call_room', width: 120 },
      ...(hospitals
        ? [{ title: t('fields.hospital'), dataIndex: 'hospital_name', key: 'hospital_name', width: 160 }]
        : []),
      { title: t('fields.prefix'), dataIndex: 'prefix', key: 'prefix', width: 80 },
      { title: t('fields.range'), key: 'range', width: 150, render: (_: unknown, r: UsNumberRow) => rangeLabel(r) },
      { title: t('fields.issued_today'), dataIndex: 'issued_today', key: 'issued_today', width: 110 },
      {
        title: t('fields.current_no'),
        key: 'current_no',
        width: 110,
        render: (_: unknown, r: UsNumberRow) => usNumberLabel(r.prefix, r.current_no) || '—',
      },
      {
        title: t('fields.next_no'),
        key: 'next_no',
        width: 110,
        render: (_: unknown, r: UsNumberRow) =>
          r.next_no === null ? <Tag color="red">{t('usedUp')}</Tag> : usNumberLabel(r.prefix, r.next_no),
      },
      { title: t('fields.remaining'), dataIndex: 'remaining', key: 'remaining', width: 100 },
      {
        title: t('fields.stations'),
        key: 'stations',
        render: (_: unknown, r: UsNumberRow) => (
          <Space size={[0, 4]} wrap>
            {r.stations.map((s) => (
              <Tag key={s.pk}>{s.name}</Tag>
            ))}
          </Space>
        ),
      },
      {
        title: t('actions'),
        key: 'actions',
        fixed: 'right',
        width: 150,
        render: (_: unknown, r: UsNumberRow) => (
          <EditDeleteActions
            testId="us-segment"
            editText={t('editShort')}
            deleteText={t('delete')}
            onEdit={() => edit.open(r)}
            confirm={{
              title: t('segment.deleteTitle'),
              content: t('segment.deleteConfirm', { room: r.call_room }),
              run: () => deleteSegment(r.pk),
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
      <ListPage<UsNumberRow, SegmentFilters>
        testId="us-segment"
        pageTestId="us-segment-list"
        route="/system/usStation#segments"
        spec={spec}
        state={state}
        query={query}
        columns={columns}
        rowKey="pk"
        rowAttrs={(r) => ({ 'data-pk': String(r.pk), 'data-room': r.call_room })}
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => edit.open(null)} data-testid="us-segment-new">
            {t('segment.new')}
          </Button>
        }
      />
      <SegmentForm row={edit.row} hospitals={hospitals} onClose={edit.onClose} />
    </>
  );
}
