import { App, Button, Form, Skeleton, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UserSettings } from '@shared/schemas/auth';
import { useUserInfo } from '@web/lib/user-info';
import { useSaveSettings } from '../api/save-settings';

/** The data1 switches that change how the report screen behaves for this doctor. */
const SWITCHES = [
  'oneClickAudit',
  'autoShRptClose',
  'close',
  'openOrderTime',
  'showray',
] as const satisfies readonly (keyof UserSettings)[];

type CustomValues = Pick<UserSettings, (typeof SWITCHES)[number]>;

export function CustomTab() {
  const { t } = useTranslation('account');
  const { message } = App.useApp();
  const { data } = useUserInfo();
  const save = useSaveSettings();
  if (!data) return <Skeleton active />;

  const onFinish = (v: CustomValues) => save.mutate(v, { onSuccess: () => void message.success(t('custom.saved')) });

  return (
    <Form<CustomValues>
      layout="horizontal"
      labelCol={{ flex: '240px' }}
      labelWrap
      initialValues={data.user.data1}
      onFinish={onFinish}
      data-testid="settings-custom"
    >
      {SWITCHES.map((key) => (
        <Form.Item
          key={key}
          name={key}
          label={t(`custom.${key}`)}
          extra={t(`custom.${key}Hint`)}
          valuePropName="checked"
        >
          <Switch data-testid={`custom-${key}`} />
        </Form.Item>
      ))}
      <Form.Item label=" " colon={false}>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="custom-save">
          {t('custom.save')}
        </Button>
      </Form.Item>
    </Form>
  );
}
