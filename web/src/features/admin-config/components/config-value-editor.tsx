import { ColorPicker, Input, InputNumber, Select, Switch } from 'antd';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { configValueSchema, type ConfigKind } from '@shared/config-kinds';

interface EditorProps {
  kind: ConfigKind;
  value?: string;
  onChange?: (v: string) => void;
}

/** The editor of a configuration value by its kind; the value stays the text the server stores. */
export function ConfigValueEditor({ kind, value = '', onChange }: EditorProps) {
  const { t } = useOpenTypeLabels();
  switch (kind.kind) {
    case 'yesno':
      return (
        <Switch
          checked={value === 'Y'}
          onChange={(on) => onChange?.(on ? 'Y' : 'N')}
          checkedChildren="Y"
          unCheckedChildren="N"
          data-testid="config-value-switch"
        />
      );
    case 'integer':
      return (
        <InputNumber
          min={kind.min}
          max={kind.max}
          precision={0}
          value={value === '' ? null : Number(value)}
          onChange={(n) => onChange?.(n === null ? '' : String(n))}
          data-testid="config-value-number"
        />
      );
    case 'url':
      return (
        <Input
          value={value}
          onChange={(e) => onChange?.(e.target.value)}
          placeholder="https://"
          maxLength={512}
          data-testid="config-value-url"
        />
      );
    case 'enum':
      return (
        <Select
          value={value}
          onChange={(v: string) => onChange?.(v)}
          options={kind.values.map((v) => ({ value: v, label: t(v) }))}
          style={{ width: 240 }}
          data-testid="config-value-select"
        />
      );
    case 'colour':
      return (
        <ColorPicker
          value={value || '#ffffff'}
          onChange={(c) => onChange?.(c.toHexString())}
          disabledAlpha
          showText
          data-testid="config-value-colour"
        />
      );
    case 'version':
      return (
        <Input
          value={value}
          onChange={(e) => onChange?.(e.target.value)}
          placeholder="1.2.3"
          maxLength={17}
          style={{ width: 160 }}
          data-testid="config-value-version"
        />
      );
    case 'text':
    case 'secret':
      return (
        <Input.TextArea
          value={value}
          onChange={(e) => onChange?.(e.target.value)}
          maxLength={kind.kind === 'text' ? kind.max : 256}
          autoSize={{ minRows: 1, maxRows: 6 }}
          data-testid="config-value-text"
        />
      );
  }
}

const OPEN_TYPE_LABELS: Record<string, 'config.openType.default' | 'config.openType._blank' | 'config.openType._self'> =
  {
    '': 'config.openType.default',
    _blank: 'config.openType._blank',
    _self: 'config.openType._self',
  };

function useOpenTypeLabels() {
  const { t } = useTranslation('adminConfig');
  return { t: (v: string) => (OPEN_TYPE_LABELS[v] ? t(OPEN_TYPE_LABELS[v]) : v) };
}

/** The form rule of a kind: the same check as the server's (shared), with our message. */
export function valueRule(kind: ConfigKind, t: TFunction<'adminConfig'>): Rule {
  const message =
    kind.kind === 'url'
      ? t('config.urlRule')
      : kind.kind === 'colour'
        ? t('config.colourRule')
        : kind.kind === 'integer'
          ? t('config.integerRule', { min: kind.min, max: kind.max })
          : kind.kind === 'version'
            ? t('config.versionRule')
            : undefined;
  return {
    validator: async (_, v: string | undefined) => {
      if (!configValueSchema(kind).safeParse(v ?? '').success) throw new Error(message ?? 'invalid');
    },
  };
}
