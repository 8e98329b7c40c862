import { Col, Form, Input, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Rule } from 'antd/es/form';
import { dicomTextProblem, QUEUE_SEXES, RegisterSaveSchema } from '@shared/schemas/queue';
import { zodRule } from '@web/components/form/zod-rule';
import { useMyModalities } from '@web/lib/user-info';

const shape = RegisterSaveSchema.shape;
type TextField = 'pat_id' | 'pat_name' | 'patient_age' | 'patient_phone' | 'sq_doctor' | 'accession_no' | 'study_desc';

/** The patient and the exam of a registration, and the room: columns of the register form's row. */
export function RegisterPatientFields({ rooms }: { rooms: string[] }) {
  const { t } = useTranslation(['queueDesk', 'common']);
  const modalities = useMyModalities();
  const item = (name: TextField) => ({
    name,
    label: t(`fields.${name}`),
    required: name === 'pat_id' || name === 'pat_name',
    validateFirst: true,
    rules: [
      ...(name === 'pat_id' || name === 'pat_name' ? [separatorRule(t(`fields.${name}`))] : []),
      zodRule(shape[name], t(`rules.${name}`)),
    ],
  });
  // Which character is wrong, and why, rather than a list of characters.
  const separatorRule = (field: string): Rule => ({
    validator: async (_rule, value: string | undefined) => {
      const problem = dicomTextProblem(value ?? '');
      if (problem === 'control') throw new Error(t('rules.controlChar', { field }));
      if (problem) throw new Error(t('rules.separatorChar', { field, char: problem }));
    },
  });
  return (
    <>
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
            options={QUEUE_SEXES.map((s) => ({ value: s, label: t(`common:sex.${s}`) }))}
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
          <Select options={modalities.map((m) => ({ value: m, label: m }))} data-testid="desk-register-modality" />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="call_room" label={t('fields.call_room')} tooltip={t('register.roomHelp')}>
          <Select allowClear options={rooms.map((r) => ({ value: r, label: r }))} data-testid="desk-register-room" />
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
    </>
  );
}
