import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { MODALITIES } from '@shared/constants';
import { LAYOUT_KINDS, type LayoutKind } from '@shared/schemas/layout';

export interface LayoutHead {
  name: string;
  hospital_code: string;
  modality: string;
  kind: LayoutKind;
}

interface Props {
  head: LayoutHead;
  onChange: (head: LayoutHead) => void;
  /** The hospitals to choose from; null: the layout stays in the user's own. */
  hospitals: { value: string; label: string }[] | null;
  readOnly: boolean;
  version: number | undefined;
}

/** The editor's title bar: the layout's name, hospital, modality and kind, and its version. */
export function LayoutHeadForm({ head, onChange, hospitals, readOnly, version }: Props) {
  const { t } = useTranslation('layoutEditor');
  return (
    <Form layout="inline" size="small" disabled={readOnly} data-testid="le-head">
      <Form.Item label={t('fields.name')} required>
        <Input
          value={head.name}
          maxLength={64}
          style={{ width: 220 }}
          onChange={(e) => onChange({ ...head, name: e.target.value })}
          data-testid="le-name"
        />
      </Form.Item>
      {hospitals && (
        <Form.Item label={t('fields.hospital')}>
          <Select
            style={{ width: 180 }}
            value={head.hospital_code}
            onChange={(v: string) => onChange({ ...head, hospital_code: v })}
            options={[{ value: '', label: t('installation') }, ...hospitals]}
            data-testid="le-hospital"
          />
        </Form.Item>
      )}
      <Form.Item label={t('fields.modality')}>
        <Select
          style={{ width: 150 }}
          value={head.modality}
          onChange={(v: string) => onChange({ ...head, modality: v })}
          options={[{ value: '', label: t('allModalities') }, ...MODALITIES.map((m) => ({ value: m, label: m }))]}
          data-testid="le-modality"
        />
      </Form.Item>
      <Form.Item label={t('fields.kind')}>
        <Select
          style={{ width: 130 }}
          value={head.kind}
          onChange={(v: LayoutKind) => onChange({ ...head, kind: v })}
          options={LAYOUT_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
          data-testid="le-kind"
        />
      </Form.Item>
      {version !== undefined && <span className="le-version">{t('versionTag', { version })}</span>}
    </Form>
  );
}
