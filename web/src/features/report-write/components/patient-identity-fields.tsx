import { Form, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { AGE_UNITS, SEXES } from '@shared/constants';

/** Who the patient is: id, name, sex and age (a number and its unit); fields of the patient edit form. */
export function PatientIdentityFields() {
  const { t } = useTranslation(['report', 'study', 'common']);
  const required = { required: true, message: t('patient.required') };
  return (
    <>
      <Form.Item
        name="patient_id"
        label={t('study:fields.patient_id')}
        rules={[{ ...required, whitespace: true }, { max: 64 }]}
      >
        <Input data-testid="rw-patient-id" />
      </Form.Item>
      <Form.Item
        name="patient_name"
        label={t('study:fields.patient_name')}
        rules={[{ ...required, whitespace: true }, { max: 64 }]}
      >
        <Input data-testid="rw-patient-name-input" />
      </Form.Item>
      <Form.Item name="patient_sex" label={t('study:fields.patient_sex')} rules={[required]}>
        <Select options={SEXES.map((s) => ({ value: s, label: t(`common:sex.${s}`) }))} />
      </Form.Item>
      <Form.Item label={t('study:fields.patient_age')} required>
        <Space.Compact block>
          <Form.Item
            name="patient_age"
            noStyle
            rules={[required, { pattern: /^\d{1,3}$/, message: t('patient.digits') }]}
          >
            <Input style={{ width: '60%' }} data-testid="rw-patient-age" />
          </Form.Item>
          <Form.Item name="age_unit" noStyle>
            <Select
              style={{ width: '40%' }}
              options={AGE_UNITS.map((u) => ({ value: u, label: t(`patient.age.${u}`) }))}
            />
          </Form.Item>
        </Space.Compact>
      </Form.Item>
    </>
  );
}
