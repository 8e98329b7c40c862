import { Col, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMyModalities } from '@web/lib/user-info';

/**
 * The user's modalities (data2, spec section 6): what they see in the lists and may choose in every modality
 * picker; empty for every one. The choices are the administrator's own (the server refuses others).
 */
export function UserModalitiesField() {
  const { t } = useTranslation('adminUser');
  const modalities = useMyModalities();
  return (
    <Col span={12}>
      <Form.Item name="data2" label={t('fields.data2')} tooltip={t('fields.data2Help')}>
        <Select
          mode="multiple"
          allowClear
          placeholder={t('fields.data2All')}
          options={modalities.map((m) => ({ value: m, label: m }))}
          data-testid="user-form-data2"
        />
      </Form.Item>
    </Col>
  );
}
