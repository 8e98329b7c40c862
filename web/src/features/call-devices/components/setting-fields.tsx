import { Col, ColorPicker, Form, Input, InputNumber, Radio } from 'antd';
import type { Color } from 'antd/es/color-picker';
import { useTranslation } from 'react-i18next';
import { CALL_SETTING_RANGES, CALL_TYPES, CallDeviceSaveSchema } from '@shared/schemas/call-devices';
import { zodRule } from '@web/components/form/zod-rule';

type RangeKey = keyof typeof CALL_SETTING_RANGES;
const shape = CallDeviceSaveSchema.shape;
const DECIMALS: Partial<Record<RangeKey, number>> = { voice_tone: 0.1, voice_speed: 0.1, voice_volume: 0.1 };

/** A number setting: antd's min/max are the shared ranges, and the shared zod rule checks it as the server does. */
export function NumberSetting({ name }: { name: RangeKey }) {
  const { t } = useTranslation('callDevice');
  const [min, max] = CALL_SETTING_RANGES[name];
  return (
    <Col xs={24} sm={12} lg={8}>
      <Form.Item
        name={name}
        label={t(`settings.${name}`)}
        tooltip={t('range', { min, max })}
        rules={[zodRule(shape[name], t('rangeRule', { min, max }), { skipEmpty: true })]}
      >
        <InputNumber
          min={min}
          max={max}
          step={DECIMALS[name] ?? 1}
          style={{ width: '100%' }}
          data-testid={`call-form-${name}`}
        />
      </Form.Item>
    </Col>
  );
}

export function ColourSetting({ name }: { name: 'title_bg_color' | 'font_color' | 'bg_color' | 'border_color' }) {
  const { t } = useTranslation('callDevice');
  return (
    <Col xs={12} lg={6}>
      <Form.Item
        name={name}
        label={t(`settings.${name}`)}
        getValueFromEvent={(c: Color) => c.toHexString()}
        rules={[zodRule(shape[name], t('colourRule'), { skipEmpty: true })]}
      >
        <ColorPicker disabledAlpha showText format="hex" data-testid={`call-form-${name}`} />
      </Form.Item>
    </Col>
  );
}

export function CallTypeSetting() {
  const { t } = useTranslation('callDevice');
  return (
    <Col xs={24} lg={16}>
      <Form.Item name="call_type" label={t('settings.call_type')}>
        <Radio.Group
          options={CALL_TYPES.map((c) => ({ value: c, label: t(`callTypes.${c}`) }))}
          data-testid="call-form-call_type"
        />
      </Form.Item>
    </Col>
  );
}

export function MarqueeSetting() {
  const { t } = useTranslation('callDevice');
  return (
    <Col span={24}>
      <Form.Item name="marquee" label={t('settings.marquee')} rules={[zodRule(shape.marquee, t('marqueeRule'))]}>
        <Input.TextArea
          maxLength={256}
          showCount
          autoSize={{ minRows: 1, maxRows: 3 }}
          data-testid="call-form-marquee"
        />
      </Form.Item>
    </Col>
  );
}
