import { Col, Form, Modal, Row, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RegisterSave, Registration } from '@shared/schemas/queue';
import { useFormSave } from '@web/components/form/use-form-save';
import { testIdProp } from '@web/lib/test-id';
import { saveRegistration, useWorkOrders, type QueueOrder } from '../api/queue-api';
import { orderValues } from '../lib/order-values';
import { RegisterPatientFields } from './register-patient-fields';

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

type Values = Omit<RegisterSave, 'study_pk'>;

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
    form.setFieldsValue(orderValues(o));
  };

  const close = (saved: Registration | null) => {
    setOrder(null);
    setKeyword('');
    onClose(saved);
  };
  const { saving, submit } = useFormSave(form, async (v) => {
    close(await saveRegistration({ ...v, ...(order ? { study_pk: order.study_pk } : {}) }));
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
          <RegisterPatientFields rooms={rooms} />
        </Row>
      </Form>
    </Modal>
  );
}
