import { App, Button, Divider, Form, InputNumber, Skeleton, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UserSettings } from '@shared/schemas/auth';
import { ModalitySelect } from '@web/components/study-selects';
import { useUserInfo } from '@web/lib/user-info';
import { useSaveSettings } from '../api/save-settings';
import { SETTING_GROUPS, type SettingKind } from '../lib/custom-settings';

function Control({ kind, testId, ...rest }: { kind: SettingKind; testId: string }) {
  // Form.Item hands its value and onChange on to the control.
  const item: object = rest;
  if (kind === 'modalities') return <ModalitySelect style={{ width: 320 }} data-testid={testId} {...item} />;
  if (kind === 'count') return <InputNumber min={1} max={20} precision={0} data-testid={testId} {...item} />;
  return <Switch data-testid={testId} {...item} />;
}

/** Every data1 setting (spec section 3), each with a one-line explanation, saved together. */
export function CustomTab() {
  const { t } = useTranslation('account');
  const { message } = App.useApp();
  const { data } = useUserInfo();
  const save = useSaveSettings();
  if (!data) return <Skeleton active />;

  const onFinish = (v: Partial<UserSettings>) =>
    save.mutate(v, { onSuccess: () => void message.success(t('custom.saved')) });

  return (
    <Form<Partial<UserSettings>>
      layout="horizontal"
      labelCol={{ flex: '240px' }}
      labelWrap
      initialValues={data.user.data1}
      onFinish={onFinish}
      data-testid="settings-custom"
    >
      {SETTING_GROUPS.map((group) => (
        <div key={group.key}>
          <Divider titlePlacement="start" plain>
            {t(`custom.groups.${group.key}`)}
          </Divider>
          {group.items.map(([key, kind]) => (
            <Form.Item
              key={key}
              name={key}
              label={t(`custom.${key}`)}
              extra={t(`custom.${key}Hint`)}
              valuePropName={kind === 'switch' ? 'checked' : 'value'}
            >
              <Control kind={kind} testId={`custom-${key}`} />
            </Form.Item>
          ))}
        </div>
      ))}
      <Form.Item label=" " colon={false}>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="custom-save">
          {t('custom.save')}
        </Button>
      </Form.Item>
    </Form>
  );
}
