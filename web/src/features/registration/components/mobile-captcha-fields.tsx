import { MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { App, Button, Form, Input, Select, Space } from 'antd';
import type { Rule } from 'antd/es/form';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { MOBILE_PREFIXES, SMS_CODE_LENGTH, type MobilePrefix } from '@shared/schemas/registration';
import { showSaveError } from '@web/components/form/save-error';
import { isApiError } from '@web/lib/api-error';
import { useSendRegisterCode } from '../api/registration';
import { useCountdown } from '../hooks/use-countdown';
import { mobileValid } from '../lib/register-rules';

/** The seconds the server says to wait (429: a code went to this number less than 60 s ago, or too many asks). */
const retryAfter = (e: unknown): number => {
  if (!isApiError(e) || e.status !== 429) return 0;
  const wait = (e.data as { retry_after?: unknown } | null)?.retry_after;
  return typeof wait === 'number' && wait > 0 ? wait : 0;
};

/** Mobile number with its prefix, and the SMS code with "send code" (enabled for a valid number) and its countdown. */
export function MobileCaptchaFields({ rules }: { rules: Record<string, Rule[]> }) {
  const { t } = useTranslation('registration');
  const { message } = App.useApp();
  const form = Form.useFormInstance();
  const mobile = Form.useWatch<string | undefined>('mobile', form);
  const prefix = Form.useWatch<MobilePrefix | undefined>('prefix', form);
  const send = useSendRegisterCode();
  const { left, start } = useCountdown();
  const valid = mobileValid(mobile, prefix);
  // "Code sent" or "ask again in n s" belongs to this form: it does not follow the user to the next page.
  useEffect(() => () => message.destroy(), [message]);

  const onSend = () => {
    if (!valid || !prefix) return;
    send.mutate(
      { mobile: (mobile ?? '').trim(), prefix },
      {
        onSuccess: (r) => {
          start(r.resend_seconds);
          void message.success(t('codeSent'));
        },
        onError: (e) => {
          const wait = retryAfter(e);
          if (wait) start(wait);
          showSaveError(form, e);
        },
      },
    );
  };

  return (
    <>
      <Form.Item required>
        <Space.Compact block>
          <Form.Item name="prefix" noStyle rules={rules.prefix}>
            <Select
              style={{ width: 96 }}
              options={MOBILE_PREFIXES.map((p) => ({ value: p, label: p }))}
              aria-label={t('prefix')}
              data-testid="register-prefix"
            />
          </Form.Item>
          <Form.Item name="mobile" noStyle rules={rules.mobile}>
            <Input prefix={<MobileOutlined />} placeholder={t('mobile')} maxLength={11} data-testid="register-mobile" />
          </Form.Item>
        </Space.Compact>
      </Form.Item>
      <Form.Item required>
        <div style={{ display: 'flex', gap: 8 }}>
          <Form.Item name="captcha" noStyle rules={rules.captcha}>
            <Input
              prefix={<SafetyOutlined />}
              placeholder={t('captcha')}
              maxLength={SMS_CODE_LENGTH}
              inputMode="numeric"
              style={{ flex: 1 }}
              data-testid="register-captcha"
            />
          </Form.Item>
          <Button
            style={{ minWidth: 132 }}
            disabled={!valid || left > 0}
            loading={send.isPending}
            onClick={onSend}
            data-testid="register-send-code"
            data-countdown={left}
          >
            {left > 0 ? t('resendIn', { seconds: left }) : t('sendCode')}
          </Button>
        </div>
      </Form.Item>
    </>
  );
}
