import { Button, Empty, Form, Input, Popconfirm, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  MENU_BUTTON_TYPES,
  MENU_KEY_MAX_BYTES,
  MENU_SUB_NAME_UNITS,
  MENU_TOP_NAME_UNITS,
  MENU_TYPE_FIELDS,
  nameUnits,
  utf8Bytes,
  type MenuButtonType,
  type MenuField,
  type MenuProblem,
  type MenuSubButton,
} from '@shared/schemas/wechat-menu';
import type { Selection } from '../lib/menu-editor';
import { problemText } from '../lib/problem-text';

interface ButtonFormProps {
  selected: Selection;
  button: (MenuSubButton & { sub_button?: unknown[] }) | undefined;
  problems: MenuProblem[];
  onChange: (patch: Partial<MenuSubButton>) => void;
  onRemove: () => void;
}

/** The properties of the selected button: name with its unit count, type, and the fields the type needs. */
export function ButtonForm({ selected, button, problems, onChange, onRemove }: ButtonFormProps) {
  const { t } = useTranslation('wechatMenu');
  if (selected.level === 0 || !button) {
    return <Empty data-testid="wxmenu-no-selection" description={t('noSelection')} />;
  }
  const mine = problems.filter(
    (p) => p.top === selected.top + 1 && p.sub === (selected.level === 2 ? selected.sub + 1 : undefined),
  );
  const help = (field: MenuProblem['field']) => {
    const p = mine.find((x) => x.field === field);
    return p ? problemText(t, p) : undefined;
  };
  const status = (field: MenuProblem['field']) => (help(field) ? 'error' : undefined);
  const isParent = selected.level === 1 && (button.sub_button?.length ?? 0) > 0;
  const maxUnits = selected.level === 1 ? MENU_TOP_NAME_UNITS : MENU_SUB_NAME_UNITS;
  const type = (button.type ?? '') as MenuButtonType;
  const fields: readonly MenuField[] = isParent ? [] : (MENU_TYPE_FIELDS[type] ?? []);
  const remove = (
    <Button danger data-testid="wxmenu-delete" onClick={selected.level === 2 ? onRemove : undefined}>
      {t('delete')}
    </Button>
  );
  return (
    <Form layout="vertical" data-testid="wxmenu-form" data-level={selected.level} style={{ maxWidth: 560 }}>
      <Typography.Text type="secondary" data-testid="wxmenu-level">
        {t('level', { level: selected.level })}
      </Typography.Text>
      <Form.Item
        label={t('labels.name')}
        validateStatus={status('name')}
        help={
          <span data-testid="wxmenu-name-help">
            {help('name') ?? t('units', { n: nameUnits(button.name), max: maxUnits })}
          </span>
        }
        style={{ marginTop: 12 }}
      >
        <Input data-testid="wxmenu-name" value={button.name} onChange={(e) => onChange({ name: e.target.value })} />
      </Form.Item>
      {isParent ? (
        <Typography.Paragraph type="secondary" data-testid="wxmenu-has-subs">
          {t('hasSubs')}
        </Typography.Paragraph>
      ) : (
        <Form.Item label={t('labels.type')} validateStatus={status('type')} help={help('type')}>
          <Select
            data-testid="wxmenu-type"
            value={button.type || undefined}
            onChange={(v: string) => onChange({ type: v })}
            options={MENU_BUTTON_TYPES.map((v) => ({ value: v, label: `${t(`types.${v}`)} (${v})` }))}
          />
        </Form.Item>
      )}
      {fields.map((f) => (
        <Form.Item
          key={f}
          label={t(`labels.${f}`)}
          validateStatus={status(f)}
          help={
            <span data-testid={`wxmenu-${f}-help`}>
              {help(f) ?? (f === 'key' ? t('bytes', { n: utf8Bytes(button.key ?? ''), max: MENU_KEY_MAX_BYTES }) : '')}
            </span>
          }
        >
          <Input
            data-testid={`wxmenu-${f}`}
            value={button[f] ?? ''}
            onChange={(e) => onChange({ [f]: e.target.value })}
          />
        </Form.Item>
      ))}
      {selected.level === 1 ? (
        <Popconfirm
          title={t('deleteTopConfirm')}
          okText={t('ok')}
          cancelText={t('cancel')}
          onConfirm={onRemove}
          okButtonProps={{ 'data-testid': 'wxmenu-delete-confirm' }}
        >
          {remove}
        </Popconfirm>
      ) : (
        remove
      )}
    </Form>
  );
}
