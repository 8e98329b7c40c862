import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Input, InputNumber, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  FETAL_MONTH_MAX,
  FETAL_MONTH_MIN,
  isValidFormula,
  type TableCell,
  type TableData,
  type UsRangeData,
} from '@shared/report/document';

/** The options of a check box, radio or module element: typed as tags (non-empty, no duplicates). */
export function OptionsEditor({ value, onChange }: { value: string[]; onChange: (v: string[]) => void }) {
  const { t } = useTranslation('layoutEditor');
  return (
    <Select
      mode="tags"
      style={{ width: '100%' }}
      value={value}
      placeholder={t('props.optionsHint')}
      onChange={(v: string[]) => onChange([...new Set(v.map((o) => o.trim()).filter(Boolean))])}
      data-testid="le-options"
      open={false}
    />
  );
}

type CellKind = 'label' | 'input' | 'total' | 'span' | 'formula';
const kindOf = (c: TableCell): CellKind =>
  c.formula !== undefined
    ? 'formula'
    : c.model === '1'
      ? 'total'
      : c.model === '2'
        ? 'span'
        : c.text !== undefined && !c.input
          ? 'label'
          : 'input';

function cellOf(kind: CellKind, c: TableCell): TableCell {
  const span = c.colspan ? { colspan: c.colspan } : {};
  switch (kind) {
    case 'label':
      return { text: c.text ?? '', ...span };
    case 'input':
      return { input: true, ...span };
    case 'total':
      return { model: '1', ...span };
    case 'span':
      return { model: '2', ...span };
    case 'formula':
      return { formula: c.formula ?? '', ...span };
  }
}

/**
 * A table's cells: each a label (fixed text), a typed value, its row's total (model 1), a cell spanning
 * the columns left (model 2) or a formula over cells in spreadsheet style (A1 is row 1, column 1).
 */
export function TableEditor({ value, onChange }: { value: TableData; onChange: (v: TableData) => void }) {
  const { t } = useTranslation('layoutEditor');
  const rows = value.rows;
  const cols = Math.max(1, ...rows.map((r) => r.length));
  const set = (r: number, c: number, cell: TableCell) =>
    onChange({ rows: rows.map((row, i) => (i === r ? row.map((x, j) => (j === c ? cell : x)) : row)) });
  const kinds: CellKind[] = ['label', 'input', 'total', 'span', 'formula'];
  const column = (n: number) => String.fromCharCode(65 + n);
  return (
    <div data-testid="le-table">
      <div style={{ overflowX: 'auto' }}>
        <table className="le-grid">
          <thead>
            <tr>
              <th />
              {Array.from({ length: cols }, (_, c) => (
                <th key={c}>{column(c)}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, r) => (
              <tr key={r}>
                <th>{r + 1}</th>
                {row.map((cell, c) => {
                  const kind = kindOf(cell);
                  return (
                    <td key={c} data-testid={`le-cell-${column(c)}${r + 1}`}>
                      <Select
                        size="small"
                        value={kind}
                        style={{ width: '100%' }}
                        onChange={(k: CellKind) => set(r, c, cellOf(k, cell))}
                        options={kinds.map((k) => ({ value: k, label: t(`props.cell.${k}`) }))}
                        data-testid="le-cell-kind"
                      />
                      {kind === 'label' && (
                        <Input
                          size="small"
                          value={cell.text}
                          onChange={(e) => set(r, c, { ...cell, text: e.target.value })}
                          data-testid="le-cell-text"
                        />
                      )}
                      {kind === 'formula' && (
                        <Input
                          size="small"
                          value={cell.formula}
                          placeholder="(A2+B2)/2"
                          status={isValidFormula(cell.formula ?? '', rows.length, cols) ? undefined : 'error'}
                          title={t('problems.formula')}
                          onChange={(e) => set(r, c, { ...cell, formula: e.target.value })}
                          data-testid="le-cell-formula"
                        />
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Space size={4} wrap style={{ marginTop: 6 }}>
        <Button
          size="small"
          icon={<PlusOutlined />}
          onClick={() => onChange({ rows: [...rows, Array.from({ length: cols }, () => ({ input: true }))] })}
          disabled={rows.length >= 100}
          data-testid="le-add-row"
        >
          {t('props.addRow')}
        </Button>
        <Button
          size="small"
          icon={<PlusOutlined />}
          onClick={() => onChange({ rows: rows.map((row) => [...row, { input: true }]) })}
          disabled={cols >= 26}
          data-testid="le-add-col"
        >
          {t('props.addColumn')}
        </Button>
        <Button
          size="small"
          icon={<DeleteOutlined />}
          onClick={() => onChange({ rows: rows.slice(0, -1) })}
          disabled={rows.length <= 1}
        >
          {t('props.removeRow')}
        </Button>
        <Button
          size="small"
          icon={<DeleteOutlined />}
          onClick={() => onChange({ rows: rows.map((row) => row.slice(0, -1)) })}
          disabled={cols <= 1}
        >
          {t('props.removeColumn')}
        </Button>
      </Space>
    </div>
  );
}

/** An ultrasound range: label, unit and the normal range per fetal month (min must be below max). */
export function RangeEditor({ value, onChange }: { value: UsRangeData; onChange: (v: UsRangeData) => void }) {
  const { t } = useTranslation('layoutEditor');
  const set = (i: number, patch: Partial<UsRangeData['ranges'][number]>) =>
    onChange({ ...value, ranges: value.ranges.map((r, j) => (j === i ? { ...r, ...patch } : r)) });
  return (
    <div data-testid="le-range">
      <Space.Compact style={{ width: '100%', marginBottom: 6 }}>
        <Input
          value={value.label}
          placeholder={t('props.rangeLabel')}
          onChange={(e) => onChange({ ...value, label: e.target.value })}
        />
        <Input
          value={value.unit}
          placeholder={t('props.rangeUnit')}
          style={{ width: 90 }}
          onChange={(e) => onChange({ ...value, unit: e.target.value })}
        />
      </Space.Compact>
      {value.ranges.map((r, i) => {
        const bad = !(r.min < r.max);
        return (
          <Space key={i} size={4} style={{ marginBottom: 4 }} data-testid="le-range-row">
            <InputNumber
              size="small"
              min={FETAL_MONTH_MIN}
              max={FETAL_MONTH_MAX}
              precision={0}
              value={r.month}
              onChange={(v) => set(i, { month: v ?? FETAL_MONTH_MIN })}
              addonBefore={t('props.month')}
            />
            <InputNumber
              size="small"
              value={r.min}
              status={bad ? 'error' : undefined}
              onChange={(v) => set(i, { min: v ?? 0 })}
              addonBefore={t('props.min')}
              data-testid="le-range-min"
            />
            <InputNumber
              size="small"
              value={r.max}
              status={bad ? 'error' : undefined}
              onChange={(v) => set(i, { max: v ?? 0 })}
              addonBefore={t('props.max')}
              data-testid="le-range-max"
            />
            <Button
              size="small"
              icon={<DeleteOutlined />}
              onClick={() => onChange({ ...value, ranges: value.ranges.filter((_, j) => j !== i) })}
            />
          </Space>
        );
      })}
      <Button
        size="small"
        icon={<PlusOutlined />}
        disabled={value.ranges.length >= FETAL_MONTH_MAX}
        onClick={() => {
          const used = new Set(value.ranges.map((r) => r.month));
          const month =
            Array.from({ length: FETAL_MONTH_MAX }, (_, i) => i + 1).find((m) => !used.has(m)) ?? FETAL_MONTH_MAX;
          onChange({ ...value, ranges: [...value.ranges, { month, min: 0, max: 1 }] });
        }}
      >
        {t('props.addMonth')}
      </Button>
    </div>
  );
}
