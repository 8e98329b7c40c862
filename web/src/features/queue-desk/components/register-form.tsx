import { Col, Form, Input, Modal, Radio, Row, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MODALITIES } from '@shared/constants';
import { QUEUE_SEXES, RegisterSaveSchema, type RegisterSave, type Registration } from '@shared/schemas/queue';
import { useFormSave } from '@web/components/form/use-form-save';
import { zodRule } from '@web/components/form/zod-rule';
import { testIdProp } from '@web/lib/test-id';
import { saveRegistration, useWorkOrders, type QueueOrder } from '../api/queue-api';

interface Props {
  open: boolean;
  /** The super administrator's hospitals; null for anyone else (their own hospital). */
  hospitals: { value: string; label: string }[] | null;
  /** The hospital the desk shows (the form starts in it). */
  hospitalCode: string;
  rooms: string[];
  /** The room the desk shows: the number is taken there unless another is chosen. */
  room: string;
  onClose: (saved: Registration | null) => void;
}

const shape = RegisterSaveSchema.shape;
type Values = Omit<RegisterSave, 'study_pk'>;
type TextField = 'pat_id' | 'pat_name' | 'patient_age' | 'patient_phone' | 'sq_doctor' | 'accession_no' | 'study_desc';

/** Registers a patient (typed in, or picked from the hospital's scheduled orders) and takes a number. */
export function RegisterForm({ open, hospitals, hospitalCode, rooms, room, onClose }: Props) {
  const { t } = useTranslation('queueDesk');
  const [form] = Form.useForm<Values>();
  const [order, setOrder] = useState<QueueOrder | null>(null);
  const [keyword, setKeyword] = useState('');
  const hospital = Form.useWatch('hospital_code', form) ?? hospitalCode;
  const orders = useWorkOrders(hospital || undefined, keyword, open && (!hospitals || !!hospital));

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({ hospital_code: hospitalCode || undefined, call_room: room || undefined, patient_sex: 'M' });
  }, [open, form, hospitalCode, room]);

  const pick = (o: QueueOrder | undefined) => {
    setOrder(o ?? null);
    if (!o) return;
    form.setFieldsValue({
      pat_id: o.pat_id,
      pat_name: o.pat_name,
      patient_sex: (QUEUE_SEXES as readonly string[]).includes(o.patient_sex) ? (o.patient_sex as 'M') : 'O',
      patient_age: o.patient_age,
      modality: o.modality as Values['modality'],
      accession_no: o.accession_no,
      study_desc: o.study_desc,
    });
  };

  const close = (saved: Registration | null) => {
    setOrder(null);
    setKeyword('');
    onClose(saved);
  };
  const { saving, submit } = useFormSave(form, async (v) => {
    close(await saveRegistration({ ...v, ...(order ? { study_pk: order.study_pk } : {}) }));
  });

  const item = (name: TextField) => ({
    name,
    label: t(`fields.${name}`),
    required: name === 'pat_id' || name === 'pat_name',
    rules: [zodRule(shape[name], t(`rules.${name}`))],
  });

  return (
    <Modal
      open={open}
      title={t('register.title')}
      width={720}
      onCancel={() => close(null)}
      onOk={() => void submit()}
      okText={t('register.submit')}
      confirmLoading={saving}
      okButtonProps={testIdProp('desk-register-save')}
      forceRender
    >
      <Form form={form} layout="vertical" data-testid="desk-register-form">
        <Row gutter={16}>
          {hospitals && (
            <Col span={12}>
              <Form.Item
                name="hospital_code"
                label={t('fields.hospital')}
                rules={[{ required: true, message: t('rules.hospital') }]}
              >
                <Select
                  options={hospitals}
                  showSearch={{ optionFilterProp: 'label' }}
                  data-testid="desk-register-hospital"
                />
              </Form.Item>
            </Col>
          )}
          <Col span={hospitals ? 12 : 24}>
            <Form.Item label={t('register.order')} tooltip={t('register.orderHelp')}>
              <Select
                allowClear
                showSearch={{ filterOption: false, onSearch: setKeyword }}
                loading={orders.isFetching}
                value={order?.study_pk}
                placeholder={t('register.orderPlaceholder')}
                notFoundContent={t('register.noOrders')}
                onChange={(pk?: number) => pick(orders.data?.find((o) => o.study_pk === pk))}
                options={(orders.data ?? []).map((o) => ({
                  value: o.study_pk,
                  label: `${o.pat_name} · ${o.pat_id} · ${o.modality} ${o.study_desc}`.trim(),
                }))}
                data-testid="desk-register-order"
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item {...item('pat_id')}>
              <Input maxLength={64} data-testid="desk-register-pat-id" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item {...item('pat_name')}>
              <Input maxLength={64} data-testid="desk-register-pat-name" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="patient_sex" label={t('fields.patient_sex')} rules={[{ required: true }]}>
              <Radio.Group
                data-testid="desk-register-sex"
                options={QUEUE_SEXES.map((s) => ({ value: s, label: t(`sexes.${s}`) }))}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item {...item('patient_age')}>
              <Input maxLength={16} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="modality"
              label={t('fields.modality')}
              rules={[{ required: true, message: t('rules.modality') }]}
            >
              <Select options={MODALITIES.map((m) => ({ value: m, label: m }))} data-testid="desk-register-modality" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="call_room" label={t('fields.call_room')} tooltip={t('register.roomHelp')}>
              <Select
                allowClear
                options={rooms.map((r) => ({ value: r, label: r }))}
                data-testid="desk-register-room"
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item {...item('patient_phone')}>
              <Input maxLength={32} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item {...item('sq_doctor')}>
              <Input maxLength={64} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item {...item('accession_no')}>
              <Input maxLength={64} placeholder={t('register.accessionAuto')} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item {...item('study_desc')}>
              <Input maxLength={512} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
