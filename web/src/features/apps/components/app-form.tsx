import { Col, Form, Input, Modal, Row } from 'antd';
import type { Rule } from 'antd/es/form';
import { useEffect } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  APP_REMARK_MAX,
  AppFieldsSchema,
  REDIRECT_URIS_MAX,
  type AppCredentials,
  type AppRow,
} from '@shared/schemas/apps';
import { useFormSave } from '@web/components/form/use-form-save';
import { HospitalSelect } from '@web/components/study-selects';
import { zodRule } from '@web/components/form/zod-rule';
import { isApiError } from '@web/lib/api-error';
import { testIdProp } from '@web/lib/test-id';
import { appNameTaken, editApp, saveApp } from '../api/apps-api';
import { firstBadRedirectUri, joinRedirectUris, splitRedirectUris } from '../lib/redirect-uris';

interface Props {
  /** null: create; a row: edit; undefined: closed. */
  row: AppRow | null | undefined;
  /** Saved: a new app brings its credentials (shown once), an edit none. */
  onClose: (saved: false | { credentials: (AppCredentials & { app_name: string }) | null }) => void;
}

/** The form's values: the API's fields, with the redirect URIs as text (one a line). */
interface FormValues {
  app_name: string;
  server_url: string;
  redirect_uris: string;
  remark: string;
  group_logo: string;
  group_favicon: string;
  order_hospital_code: string | undefined;
}

const shape = AppFieldsSchema.shape;

const formValuesOf = (row: AppRow): FormValues => ({
  ...row,
  redirect_uris: joinRedirectUris(row.redirect_uris),
  order_hospital_code: row.order_hospital_code || undefined,
});

/**
 * One to REDIRECT_URIS_MAX allowed redirect URIs, one a line; the first bad one named. None for an app that
 * only places orders (`orderOnly`: it signs nobody in).
 */
function redirectRuleOf(t: TFunction<'apps'>, orderOnly: () => boolean): Rule {
  return {
    validator: async (_rule, text: string | undefined) => {
      const uris = splitRedirectUris(text);
      if (uris.length === 0 && orderOnly()) return;
      if (uris.length === 0 || uris.length > REDIRECT_URIS_MAX) throw new Error(t('rules.redirectUris'));
      const bad = firstBadRedirectUri(uris);
      if (bad) throw new Error(t('rules.redirectUriBad', { uri: bad }));
    },
  };
}

/** Create or edit an app with the server's rules (spec section 5); the name is checked for duplicates on blur. */
export function AppForm({ row, onClose }: Props) {
  const { t } = useTranslation('apps');
  const [form] = Form.useForm<FormValues>();
  const open = row !== undefined;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (row) form.setFieldsValue(formValuesOf(row));
  }, [open, row, form]);

  const checkName = async () => {
    const name = (form.getFieldValue('app_name') as string | undefined)?.trim();
    if (!name || !shape.app_name.safeParse(name).success) return;
    try {
      const taken = await appNameTaken(name, row?.pk);
      if (taken) form.setFields([{ name: 'app_name', errors: [taken] }]);
    } catch (e) {
      if (!isApiError(e)) throw e;
    }
  };

  const { saving, submit } = useFormSave(form, async (v) => {
    const fields = {
      ...v,
      redirect_uris: splitRedirectUris(v.redirect_uris),
      order_hospital_code: v.order_hospital_code ?? '',
    };
    if (row) {
      await editApp({ ...fields, pk: row.pk });
      onClose({ credentials: null });
    } else {
      const credentials = await saveApp(fields);
      onClose({ credentials: { ...credentials, app_name: fields.app_name.trim() } });
    }
  });

  const orderOnly = !!Form.useWatch('order_hospital_code', form);
  const redirectRule = redirectRuleOf(t, () => !!form.getFieldValue('order_hospital_code'));
  const urlRule = zodRule(shape.server_url, t('rules.url'));

  return (
    <Modal
      open={open}
      title={row ? t('form.editTitle') : t('form.newTitle')}
      width={720}
      onCancel={() => onClose(false)}
      onOk={() => void submit()}
      confirmLoading={saving}
      okButtonProps={testIdProp('app-form-save')}
      forceRender
    >
      <Form form={form} layout="vertical" data-testid="app-form">
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item
              name="app_name"
              label={t('fields.app_name')}
              tooltip={t('rules.appName')}
              rules={[
                { required: true, whitespace: true, message: t('rules.appName') },
                zodRule(shape.app_name, t('rules.appName'), { skipEmpty: true }),
              ]}
            >
              <Input maxLength={64} onBlur={() => void checkName()} data-testid="app-form-name" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="server_url" label={t('fields.server_url')} rules={[urlRule]}>
              <Input maxLength={512} placeholder="https://" data-testid="app-form-server-url" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item
              name="redirect_uris"
              label={t('fields.redirect_uris')}
              required={!orderOnly}
              dependencies={['order_hospital_code']}
              extra={t('rules.redirectUriHelp')}
              tooltip={t('rules.redirectUris')}
              rules={[redirectRule]}
            >
              <Input.TextArea
                autoSize={{ minRows: 2, maxRows: 6 }}
                placeholder={t('form.redirectPlaceholder')}
                data-testid="app-form-redirect-uris"
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="group_logo" label={t('fields.group_logo')} rules={[urlRule]}>
              <Input maxLength={512} placeholder="https://" data-testid="app-form-logo" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="group_favicon" label={t('fields.group_favicon')} rules={[urlRule]}>
              <Input maxLength={512} placeholder="https://" data-testid="app-form-favicon" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item
              name="order_hospital_code"
              label={t('fields.order_hospital_code')}
              extra={t('form.orderHospitalHelp')}
            >
              <HospitalSelect placeholder={t('form.noOrders')} data-testid="app-form-order-hospital" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="remark" label={t('fields.remark')} rules={[zodRule(shape.remark, t('rules.remark'))]}>
              <Input.TextArea
                maxLength={APP_REMARK_MAX}
                showCount
                autoSize={{ minRows: 2, maxRows: 4 }}
                data-testid="app-form-remark"
              />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
