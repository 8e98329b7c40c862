import { App, Form, Input, InputNumber, Modal, type ButtonProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DICT_CODE, type DictRow } from '@shared/schemas/admin-config';
import { dictApi } from '../api/dict-api';
import { showSaveError } from '../lib/field-errors';

type FormValues = Pick<DictRow, 'code' | 'name' | 'name_en' | 'value' | 'sort'>;
const FIELDS = ['code', 'name', 'name_en', 'value', 'sort', 'parent_pk'] as const;

/** Adds (row null) or edits a dictionary (parentPk null) or one of its entries. */
export function DictEditModal(props: {
  row: DictRow | null;
  parentPk: number | null;
  onClose: (changed: boolean) => void;
}) {
  const { row, parentPk, onClose } = props;
  const { t } = useTranslation('adminConfig');
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const [saving, setSaving] = useState(false);
  const finish = async (v: FormValues) => {
    setSaving(true);
    try {
      await dictApi.save({ ...v, ...(row ? { pk: row.pk } : { parent_pk: parentPk }) });
      void message.success(t('common.saved'));
      onClose(true);
    } catch (err) {
      showSaveError(form, err, FIELDS);
    } finally {
      setSaving(false);
    }
  };
  const title = row
    ? t('dict.editTitle', { name: row.name })
    : parentPk === null
      ? t('dict.newParent')
      : t('dict.newChild');
  return (
    <Modal
      open
      title={title}
      onCancel={() => onClose(false)}
      onOk={() => form.submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'dict-save' } as ButtonProps}
      destroyOnHidden
      data-testid="dict-modal"
    >
      <Form<FormValues>
        form={form}
        layout="vertical"
        onFinish={(v) => void finish(v)}
        initialValues={row ?? { code: '', name: '', name_en: '', value: '', sort: 0 }}
      >
        <Form.Item
          name="code"
          label={t('dict.code')}
          rules={[{ required: true }, { pattern: DICT_CODE, message: t('dict.codeRule') }]}
        >
          <Input maxLength={64} data-testid="dict-form-code" />
        </Form.Item>
        <Form.Item name="name" label={t('dict.name')} rules={[{ required: true, whitespace: true }]}>
          <Input maxLength={128} data-testid="dict-form-name" />
        </Form.Item>
        <Form.Item name="name_en" label={t('dict.nameEn')}>
          <Input maxLength={128} data-testid="dict-form-name-en" />
        </Form.Item>
        <Form.Item name="value" label={t('dict.value')}>
          <Input maxLength={256} data-testid="dict-form-value" />
        </Form.Item>
        <Form.Item name="sort" label={t('dict.sort')}>
          <InputNumber min={0} max={100000} precision={0} data-testid="dict-form-sort" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
