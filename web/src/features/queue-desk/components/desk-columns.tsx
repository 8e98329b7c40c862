import { Tag } from 'antd';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import type { Registration } from '@shared/schemas/queue';
import type { ListColumn } from '@web/components/list-page/list-table';
import { PatientSex } from '@web/components/patient-sex';
import { deskNo } from '../lib/desk-no';
import { STATE_COLORS } from '../lib/state-colors';

const time = (v: string | null) => (v ? dayjs(v).format('MM-DD HH:mm:ss') : '');

/** The registration columns of the desk (without its actions). */
export function deskColumns(t: TFunction<'queueDesk'>): ListColumn<Registration>[] {
  return [
    {
      title: t('fields.call_no'),
      dataIndex: 'call_no',
      key: 'call_no',
      width: 90,
      render: (_: number | null, r) => <b data-testid="desk-call-no">{deskNo(r)}</b>,
    },
    { title: t('fields.pat_name'), dataIndex: 'pat_name', key: 'pat_name', width: 110, ellipsis: true },
    { title: t('fields.pat_id'), dataIndex: 'pat_id', key: 'pat_id', width: 140, ellipsis: true },
    {
      title: t('fields.patient_sex'),
      dataIndex: 'patient_sex',
      key: 'patient_sex',
      width: 70,
      render: (v: string) => <PatientSex value={v} />,
    },
    { title: t('fields.patient_age'), dataIndex: 'patient_age', key: 'patient_age', width: 70 },
    { title: t('fields.modality'), dataIndex: 'modality', key: 'modality', width: 90 },
    { title: t('fields.call_room'), dataIndex: 'call_room', key: 'call_room', width: 100 },
    {
      title: t('fields.state'),
      dataIndex: 'state',
      key: 'state',
      width: 110,
      render: (s: Registration['state'], r) => (
        <Tag color={r.is_del ? 'default' : STATE_COLORS[s]} data-testid="desk-state" data-state={s}>
          {r.is_del ? t('states.deleted') : t(`states.${s}`)}
        </Tag>
      ),
    },
    { title: t('fields.register_time'), dataIndex: 'register_time', key: 'register_time', width: 140, render: time },
    { title: t('fields.call_time'), dataIndex: 'call_time', key: 'call_time', width: 140, render: time },
    { title: t('fields.doctor'), dataIndex: 'doctor', key: 'doctor', width: 100, ellipsis: true },
  ];
}
