import { DatePicker } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DATE_FORMAT, PRESET_KEYS, presetRange } from '../lib/date-presets';

type Range = [Dayjs, Dayjs];

/** The statistics date range (YYYY-MM-DD) with the spec's presets: today, this week, this month. */
export function DateRangeField({ value, onChange }: { value: Range; onChange: (r: Range) => void }) {
  const { t } = useTranslation('statistics');
  return (
    <DatePicker.RangePicker
      data-testid="stats-range"
      format={DATE_FORMAT}
      allowClear={false}
      value={value}
      onChange={(r) => {
        if (r?.[0] && r[1]) onChange([r[0], r[1]]);
      }}
      presets={PRESET_KEYS.map((key) => ({ label: t(`presets.${key}`), value: () => presetRange(key) }))}
    />
  );
}
