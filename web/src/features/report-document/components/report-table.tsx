import {
  cellKey,
  computeCell,
  isComputedCell,
  isInputCell,
  TableDataSchema,
  type TableCell,
} from '@shared/report/document';
import { useDoc } from './doc-context';
import type { ElementProps } from './element-props';

/** Model '2' spans the columns the other cells of its row leave free, unless colspan says otherwise. */
function span(cell: TableCell, rowLength: number, maxCols: number) {
  if (cell.colspan) return cell.colspan;
  return cell.model === '2' ? Math.max(1, maxCols - rowLength + 1) : 1;
}

/** A template table: fixed labels, typed cells, row totals (model '1') and formulas, computed as you type. */
export function ReportTable({ el, style, className }: ElementProps) {
  const doc = useDoc();
  const parsed = TableDataSchema.safeParse(el.data);
  if (!parsed.success) return null;
  const table = parsed.data;
  const maxCols = Math.max(0, ...table.rows.map((r) => r.length));
  const live = doc.editable && doc.mode === 'screen';
  return (
    <table className={className} style={style} data-testid={`rd-table-${el.uuid}`}>
      <tbody>
        {table.rows.map((row, r) => (
          <tr key={r}>
            {row.map((cell, c) => {
              const key = cellKey(el.uuid, r, c);
              const colSpan = span(cell, row.length, maxCols);
              if (isInputCell(cell) && live) {
                const v = doc.detail.values[key];
                return (
                  <td key={c} colSpan={colSpan}>
                    <input
                      className="rd-input rd-cell-input"
                      value={typeof v === 'string' || typeof v === 'number' ? String(v) : ''}
                      maxLength={200}
                      onChange={(e) => doc.setValue(key, e.target.value)}
                      aria-label={key}
                      data-testid={`rd-cell-${key}`}
                    />
                  </td>
                );
              }
              const shown = computeCell(table, el.uuid, r, c, doc.detail.values);
              return (
                <td
                  key={c}
                  colSpan={colSpan}
                  className={isComputedCell(cell) ? 'rd-cell-computed' : undefined}
                  data-testid={`rd-cell-${key}`}
                >
                  {shown ?? ''}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
