import { App, Button, Form, Input, Modal, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { configKindOf, CONFIG_VALUE_MAX } from '@shared/config-kinds';
import { CONFIG_NAME, type ConfigRow } from '@shared/schemas/admin-config';
import { useFormSave } from '@web/components/form/use-form-save';
import { testIdProp } from '@web/lib/test-id';
import { configApi } from '../api/config-api';
import { ConfigValueEditor, valueRule } from './config-value-editor';

interface FormValues {
  name: string;
  value: string;
  description: string;
  type: string;
  status: boolean;
}

/**
 * Creates an entry (row null) or edits one with the editor of its kind. A secret entry's value is never
 * shown: aes_key gets a "generate a new key" button instead.
 */
export function ConfigEditModal({ row, onClose }: { row: ConfigRow | null; onClose: (changed: boolean) => void }) {
  const { t } = useTranslation('adminConfig');
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const name = Form.useWatch('name', form) ?? row?.name ?? '';
  const kind = configKindOf(name);
  const secretKey = kind.kind === 'secret';

  const { saving, save } = useFormSave(form, async (v) => {
    const common = { description: v.description, type: v.type, status: v.status ? 1 : 0 } as const;
    if (row) await configApi.update({ pk: row.pk, ...common, ...(row.secret ? {} : { value: v.value }) });
    else await configApi.create({ name: v.name, value: v.value, ...common });
    void message.success(t('common.saved'));
    onClose(true);
  });
  const rotate = () =>
    modal.confirm({
      title: t('config.rotate'),
      content: t('config.rotateConfirm'),
      okButtonProps: testIdProp('config-rotate-ok'),
      onOk: async () => {
        await configApi.rotateAesKey();
        void message.success(t('config.rotated'));
      },
    });

  return (
    <Modal
      open
      title={row ? t('config.editTitle', { name: row.name }) : t('config.newTitle')}
      onCancel={() => onClose(false)}
      onOk={() => form.submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      okButtonProps={testIdProp('config-save')}
      destroyOnHidden
      data-testid="config-modal"
    >
      <Form<FormValues>
        form={form}
        layout="vertical"
        onFinish={(v) => void save(v)}
        initialValues={{
          name: row?.name ?? '',
          value: row?.secret ? '' : (row?.value ?? ''),
          description: row?.description ?? '',
          type: row?.type ?? '',
          status: (row?.status ?? 1) === 1,
        }}
      >
        <Form.Item
          name="name"
          label={t('config.name')}
          rules={[{ required: true }, { pattern: CONFIG_NAME, message: t('config.nameRule') }]}
        >
          <Input disabled={!!row} maxLength={64} data-testid="config-form-name" />
        </Form.Item>
        {row?.secret ? (
          <Form.Item label={t('config.value')} extra={t('config.secret')}>
            {secretKey && (
              <Button danger onClick={rotate} data-testid="config-rotate">
                {t('config.rotate')}
              </Button>
            )}
          </Form.Item>
        ) : (
          <Form.Item name="value" label={t('config.value')} rules={[valueRule(kind, t)]}>
            <ConfigValueEditor kind={row ? kind : { kind: 'text', max: CONFIG_VALUE_MAX }} />
          </Form.Item>
        )}
        <Form.Item name="description" label={t('config.description')}>
          <Input maxLength={256} data-testid="config-form-description" />
        </Form.Item>
        <Form.Item name="type" label={t('config.type')} extra={row?.builtin ? t('config.typeBuiltin') : undefined}>
          <Input maxLength={32} disabled={!!row?.builtin} data-testid="config-form-type" />
        </Form.Item>
        <Form.Item
          name="status"
          label={t('config.status')}
          valuePropName="checked"
          extra={row?.builtin ? t('config.disabledHint') : undefined}
        >
          <Switch disabled={secretKey} data-testid="config-form-status" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
