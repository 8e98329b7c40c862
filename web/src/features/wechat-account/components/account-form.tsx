import { App, Button, Form, Input, Switch, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { WechatAccountKind, WechatAccountSave } from '@shared/schemas/wechat-account';
import { useSaveWechatAccount, useWechatAccount } from '../api/account-api';
import { isApiError } from '@web/lib/api-error';

interface Props {
  kind: WechatAccountKind;
  hospitalCode: string;
}

type Values = Omit<WechatAccountSave, 'kind' | 'hospital_code'>;

/** One account's settings. Secrets are write-only: the form shows whether one is stored, never its value. */
export function AccountForm({ kind, hospitalCode }: Props) {
  const { t } = useTranslation('wechat');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const { data, isFetching } = useWechatAccount(kind, hospitalCode, kind === 'web' || !!hospitalCode);
  const save = useSaveWechatAccount();

  useEffect(() => {
    form.setFieldsValue({
      app_id: data?.app_id ?? '',
      app_secret: '',
      token: '',
      encoding_aes_key: '',
      clear_encoding_aes_key: false,
      callback_url: data?.callback_url ?? '',
    });
  }, [data, form]);

  const onFinish = async (v: Values) => {
    try {
      const env = await save.mutateAsync({ ...v, kind, hospital_code: hospitalCode });
      void message.success(env.msg);
    } catch (e) {
      if (!isApiError(e)) throw e;
      form.setFields(e.fieldErrors.map((f) => ({ name: f.field as keyof Values, errors: [f.msg] })));
      void message.error(e.message);
    }
  };
  const setHint = (set: boolean | undefined, mask?: string) =>
    set ? t('manage.secretSet', { mask: mask ?? '' }) : t('manage.secretUnset');

  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={(v) => void onFinish(v)}
      disabled={isFetching}
      data-testid={`wechat-account-${kind}`}
      style={{ maxWidth: 560 }}
    >
      <Form.Item name="app_id" label="AppID" rules={[{ required: true, message: t('manage.appIdRequired') }]}>
        <Input autoComplete="off" data-testid="wx-app-id" />
      </Form.Item>
      <Form.Item
        name="app_secret"
        label="AppSecret"
        extra={<span data-testid="wx-secret-state">{setHint(data?.app_secret_set, data?.app_secret_mask)}</span>}
      >
        <Input.Password autoComplete="new-password" placeholder={t('manage.keepBlank')} data-testid="wx-app-secret" />
      </Form.Item>
      {kind === 'mp' && (
        <>
          <Form.Item name="token" label="Token" extra={setHint(data?.token_set)}>
            <Input.Password autoComplete="new-password" placeholder={t('manage.keepBlank')} />
          </Form.Item>
          <Form.Item name="encoding_aes_key" label="EncodingAESKey" extra={setHint(data?.encoding_aes_key_set)}>
            <Input.Password autoComplete="new-password" placeholder={t('manage.keepBlank')} />
          </Form.Item>
          {data?.encoding_aes_key_set && (
            <Form.Item name="clear_encoding_aes_key" label={t('manage.clearAesKey')} valuePropName="checked">
              <Switch />
            </Form.Item>
          )}
          <Form.Item name="callback_url" label={t('manage.callbackUrl')} extra={t('manage.callbackHint')}>
            <Input placeholder="https://" />
          </Form.Item>
        </>
      )}
      {data?.update_time && (
        <Typography.Paragraph type="secondary">
          {t('manage.updated', { name: data.update_name, time: data.update_time })}
        </Typography.Paragraph>
      )}
      <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="wx-save">
        {t('manage.save')}
      </Button>
    </Form>
  );
}
