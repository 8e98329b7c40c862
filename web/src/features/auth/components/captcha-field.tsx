import { SafetyOutlined } from '@ant-design/icons';
import { Form, Input, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { CAPTCHA_HEIGHT, CAPTCHA_LENGTH, CAPTCHA_WIDTH } from '@shared/constants';

interface CaptchaFieldProps {
  captchaKey: string;
  onRefresh: () => void;
}

/** The captcha answer and its image; a click on the image fetches a new one. */
export function CaptchaField({ captchaKey, onRefresh }: CaptchaFieldProps) {
  const { t } = useTranslation('auth');
  return (
    <div style={{ display: 'flex', gap: 8 }}>
      <Form.Item
        name="inputCode"
        style={{ flex: 1 }}
        rules={[{ required: true, whitespace: true, message: t('login.captchaRequired') }]}
      >
        <Input
          size="large"
          prefix={<SafetyOutlined />}
          placeholder={t('login.captcha')}
          maxLength={CAPTCHA_LENGTH}
          autoComplete="off"
          data-testid="login-captcha-input"
        />
      </Form.Item>
      <Tooltip title={t('login.captchaRefresh')}>
        <img
          src={`/tool/captcha?t=${encodeURIComponent(captchaKey)}&captcha_type=0`}
          alt={t('login.captcha')}
          width={CAPTCHA_WIDTH}
          height={CAPTCHA_HEIGHT}
          style={{ cursor: 'pointer', borderRadius: 6, flex: 'none' }}
          onClick={onRefresh}
          data-testid="login-captcha-img"
        />
      </Tooltip>
    </div>
  );
}
