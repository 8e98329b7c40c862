import { ReloadOutlined, SafetyOutlined, SoundOutlined } from '@ant-design/icons';
import { Button, Form, Input, Tooltip } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CAPTCHA_HEIGHT, CAPTCHA_LENGTH, CAPTCHA_WIDTH } from '@shared/constants';
import { feedback } from '@web/lib/feedback';

interface CaptchaFieldProps {
  captchaKey: string;
  onRefresh: () => void;
}

/**
 * The captcha answer, its image (a click fetches a new one, as does the refresh button) and the spoken version of the
 * same captcha for those who cannot read it (docs/web.md, "The captcha").
 */
export function CaptchaField({ captchaKey, onRefresh }: CaptchaFieldProps) {
  const { t, i18n } = useTranslation('auth');
  const audio = useRef<HTMLAudioElement | null>(null);
  const key = encodeURIComponent(captchaKey);

  const listen = () => {
    audio.current?.pause();
    const a = new Audio(`/tool/captchaAudio?t=${key}&lang=${encodeURIComponent(i18n.language)}`);
    audio.current = a;
    a.play().catch(() => void feedback().message.error(t('login.captchaAudioFailed')));
  };

  return (
    <div style={{ display: 'flex', gap: 8, alignItems: 'flex-start' }}>
      <Form.Item
        name="inputCode"
        style={{ flex: 1, minWidth: 0 }}
        rules={[{ required: true, whitespace: true, message: t('login.captchaRequired') }]}
      >
        <Input
          size="large"
          prefix={<SafetyOutlined />}
          placeholder={t('login.captcha')}
          aria-label={t('login.captchaInput')}
          maxLength={CAPTCHA_LENGTH}
          autoComplete="off"
          data-testid="login-captcha-input"
        />
      </Form.Item>
      <Tooltip title={t('login.captchaRefresh')}>
        <img
          src={`/tool/captcha?t=${key}&captcha_type=0`}
          alt={t('login.captchaImage')}
          width={CAPTCHA_WIDTH}
          height={CAPTCHA_HEIGHT}
          style={{ cursor: 'pointer', borderRadius: 6, flex: 'none' }}
          onClick={onRefresh}
          data-testid="login-captcha-img"
        />
      </Tooltip>
      <Tooltip title={t('login.captchaNew')}>
        <Button
          size="large"
          icon={<ReloadOutlined />}
          aria-label={t('login.captchaNew')}
          onClick={onRefresh}
          data-testid="login-captcha-refresh"
        />
      </Tooltip>
      <Tooltip title={t('login.captchaListen')}>
        <Button
          size="large"
          icon={<SoundOutlined />}
          aria-label={t('login.captchaListen')}
          onClick={listen}
          data-testid="login-captcha-audio"
        />
      </Tooltip>
    </div>
  );
}
