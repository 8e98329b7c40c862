import { useTranslation } from 'react-i18next';
import { FETAL_MONTH_MAX, FETAL_MONTH_MIN, rangeStatus, UsRangeDataSchema } from '@shared/report/document';
import { useDoc } from './doc-context';
import type { ElementProps } from './element-props';

const MONTHS = Array.from({ length: FETAL_MONTH_MAX - FETAL_MONTH_MIN + 1 }, (_, i) => i + FETAL_MONTH_MIN);

/** An ultrasound measurement against the normal range of the chosen fetal month (1-11). */
export function UsRange({ el, style, className }: ElementProps) {
  const doc = useDoc();
  const { t } = useTranslation('reportDoc');
  const parsed = UsRangeDataSchema.safeParse(el.data);
  if (!parsed.success) return null;
  const data = parsed.data;
  const monthKey = `${el.uuid}.month`;
  const month = doc.detail.values[monthKey];
  const value = doc.detail.values[el.uuid];
  const range = data.ranges.find((r) => r.month === Number(month));
  const status = rangeStatus(data, month, value);
  const live = doc.editable && doc.mode === 'screen';
  const valueText = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  return (
    <span className={className} style={style} data-testid={`rd-range-${el.uuid}`} data-status={status ?? ''}>
      {data.label && <span className="rd-range-label">{data.label}</span>}
      {live ? (
        <>
          <select
            className="rd-input"
            value={typeof month === 'number' || typeof month === 'string' ? String(month) : ''}
            onChange={(e) => doc.setValue(monthKey, Number(e.target.value))}
            aria-label={t('range.month')}
          >
            <option value="">{t('range.month')}</option>
            {MONTHS.map((m) => (
              <option key={m} value={m}>
                {t('range.monthN', { n: m })}
              </option>
            ))}
          </select>
          <input
            className="rd-input rd-range-value"
            value={valueText}
            inputMode="decimal"
            maxLength={20}
            onChange={(e) => doc.setValue(el.uuid, e.target.value)}
            aria-label={data.label ?? el.uuid}
          />
        </>
      ) : (
        <span className="rd-range-value">{valueText}</span>
      )}
      {data.unit && <span>{data.unit}</span>}
      {range && <span className="rd-range-normal">{doc.docT('range.normal', { min: range.min, max: range.max })}</span>}
      {status && status !== 'normal' && <span className="rd-range-flag">{doc.docT(`range.${status}`)}</span>}
    </span>
  );
}
