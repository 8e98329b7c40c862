import { Switch, Typography, type TableColumnType } from 'antd';
import type { TFunction } from 'i18next';
import type { Hl7PeerRow } from '@shared/schemas/his';
import { EditDeleteActions } from '@web/components/list-page/edit-delete-actions';
import { deleteHisPeer, setHisPeerStatus } from '../api/his-api';
import { CHARSET_KEYS, isHisCharset, resultAddress } from '../lib/his-peer';

type Options = {
  onEdit: (r: Hl7PeerRow) => void;
  /** After a row changed on the server (on/off, delete). */
  refetch: () => void;
};

const muted = (text: string) => <Typography.Text type="secondary">{text}</Typography.Text>;

/** The HIS interface list's columns: where messages come from, how they are read, where results go. */
export function hisPeerColumns(t: TFunction<'his'>, { onEdit, refetch }: Options): TableColumnType<Hl7PeerRow>[] {
  return [
    { title: t('fields.name'), dataIndex: 'name', key: 'name', width: 150, ellipsis: true },
    { title: t('fields.hospital'), dataIndex: 'hospital_name', key: 'hospital_name', width: 130, ellipsis: true },
    {
      title: t('fields.address'),
      dataIndex: 'address',
      key: 'address',
      width: 140,
      ellipsis: true,
      render: (v: string) => (
        <span data-testid="his-cell-address" title={v}>
          {v}
        </span>
      ),
    },
    {
      title: t('fields.facility'),
      dataIndex: 'facility',
      key: 'facility',
      width: 165,
      ellipsis: true,
      render: (v: string) => v || muted(t('anyFacility')),
    },
    {
      title: t('fields.charset'),
      dataIndex: 'charset',
      key: 'charset',
      width: 195,
      render: (v: string) => (isHisCharset(v) ? t(`charsets.${CHARSET_KEYS[v]}`) : v),
    },
    {
      title: t('fields.result'),
      key: 'result',
      width: 150,
      ellipsis: true,
      render: (_: unknown, r: Hl7PeerRow) => (
        <span data-testid="his-cell-result" title={resultAddress(r) ?? undefined}>
          {resultAddress(r) ?? muted(t('notSent'))}
        </span>
      ),
    },
    {
      title: t('fields.status'),
      dataIndex: 'status',
      key: 'status',
      width: 80,
      render: (v: number, r: Hl7PeerRow) => (
        <Switch
          checked={v === 1}
          data-testid="his-status"
          onChange={async (on) => {
            await setHisPeerStatus(r, on ? 1 : 0);
            refetch();
          }}
        />
      ),
    },
    {
      title: t('actions'),
      key: 'actions',
      fixed: 'right',
      width: 140,
      render: (_: unknown, r: Hl7PeerRow) => (
        <EditDeleteActions
          testId="his"
          editText={t('editShort')}
          deleteText={t('delete')}
          onEdit={() => onEdit(r)}
          confirm={{
            title: t('deleteTitle'),
            content: t('deleteConfirm', { name: r.name }),
            run: () => deleteHisPeer(r.pk),
            done: t('deleted'),
            after: refetch,
          }}
        />
      ),
    },
  ];
}
