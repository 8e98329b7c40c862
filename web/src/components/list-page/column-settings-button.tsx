import { SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Divider, Popover, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ColumnChoice {
  key: string;
  title: ReactNode;
}

interface ColumnSettingsButtonProps {
  choices: readonly ColumnChoice[];
  hidden: readonly string[];
  onChange: (hidden: string[]) => void;
  testId: string;
}

/** Show/hide columns: one checkbox per column that may be hidden, and "show all". */
export function ColumnSettingsButton({ choices, hidden, onChange, testId }: ColumnSettingsButtonProps) {
  const { t } = useTranslation('list');
  const toggle = (key: string, shown: boolean) =>
    onChange(shown ? hidden.filter((k) => k !== key) : [...hidden.filter((k) => k !== key), key]);
  const content = (
    <div data-testid={`${testId}-columns-panel`}>
      <Space orientation="vertical" size={4}>
        {choices.map((c) => (
          <Checkbox
            key={c.key}
            checked={!hidden.includes(c.key)}
            onChange={(e) => toggle(c.key, e.target.checked)}
            data-testid={`${testId}-column-${c.key}`}
          >
            {c.title}
          </Checkbox>
        ))}
      </Space>
      <Divider size="small" />
      <Button size="small" type="link" onClick={() => onChange([])} data-testid={`${testId}-columns-all`}>
        {t('showAllColumns')}
      </Button>
    </div>
  );
  return (
    <Popover trigger="click" placement="bottomRight" content={content}>
      <Button icon={<SettingOutlined />} data-testid={`${testId}-columns`}>
        {t('columns')}
      </Button>
    </Popover>
  );
}
