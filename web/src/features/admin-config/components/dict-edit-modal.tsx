import { App, Form, Input, InputNumber, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { DICT_CODE, type DictRow } from '@shared/schemas/admin-config';
import { useFormSave } from '@web/components/form/use-form-save';
import { testIdProp } from '@web/lib/test-id';
import { dictApi } from '../api/dict-api';

type FormValues = Pick<DictRow, 'code' | 'name' | 'name_en' | 'value' | 'sort'>;

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
  const { saving, save } = useFormSave(form, async (v) => {
    await dictApi.save({ ...v, ...(row ? { pk: row.pk } : { parent_pk: parentPk }) });
    void message.success(t('common.saved'));
    onClose(true);
  });
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
      okButtonProps={testIdProp('dict-save')}
      destroyOnHidden
      data-testid="dict-modal"
    >
      <Form<FormValues>
        form={form}
        layout="vertical"
        onFinish={(v) => void save(v)}
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
