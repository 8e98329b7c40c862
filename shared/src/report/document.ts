import { z } from 'zod';
import { OPEN_TYPES } from '../config-kinds';

/**
 * Pure helpers of the A4 report document, shared by the web renderer, the print page and the server:
 * page splitting, table totals and formulas, and the shape of `rpt_detail` (values typed into the
 * template's own inputs).
 */

/** Separates pages inside report_text1 / report_text2. An HTML comment: never typed by hand, invisible in print. */
export const PAGE_SPLIT_MARKER = '<!--page-->';

/** Text of each page (page 1 first). Always at least one entry; splitPages and joinPages round-trip exactly. */
export function splitPages(text: string): string[] {
  return text.split(PAGE_SPLIT_MARKER);
}

export function joinPages(pages: readonly string[]): string {
  return pages.join(PAGE_SPLIT_MARKER);
}

/** How many pages the document has: the longer of the two texts decides. */
export function pageCount(findings: string, opinion: string): number {
  return Math.max(splitPages(findings).length, splitPages(opinion).length);
}

/** Appends an empty page to a text. */
export function addPage(text: string): string {
  return text + PAGE_SPLIT_MARKER;
}

/** Removes page `index` (1-based extra page; page 0 is never deleted) from a text; out of range: unchanged. */
export function deletePage(text: string, index: number): string {
  const pages = splitPages(text);
  if (!Number.isInteger(index) || index < 1 || index >= pages.length) return text;
  return joinPages(pages.filter((_, i) => i !== index));
}

// ---- rpt_detail --------------------------------------------------------------------------------------

/** Title suffix cycle (spec section 4): none, emergency, critical value, bedside, bedside emergency, sent for inspection. */
export const TITLE_SUFFIXES = ['', 'emergency', 'critical', 'bedside', 'bedsideEmergency', 'inspection'] as const;
export type TitleSuffix = (typeof TITLE_SUFFIXES)[number];

export function nextTitleSuffix(index: number): number {
  const i = Number.isInteger(index) && index >= 0 && index < TITLE_SUFFIXES.length ? index : 0;
  return (i + 1) % TITLE_SUFFIXES.length;
}

const DetailValueSchema = z.union([
  z.string().max(4000),
  z.number(),
  z.boolean(),
  z.array(z.string().max(500)).max(50),
]);
export type DetailValue = z.infer<typeof DetailValueSchema>;

/**
 * rpt_detail: what the doctor typed into the template's own elements (keyed by element uuid, table cells by
 * `uuid.row.col`), the title suffix index and the report's image list. Findings and opinion are not here:
 * they are report_text1 / report_text2.
 */
export const ReportDetailValuesSchema = z
  .object({
    values: z.record(z.string().max(160), DetailValueSchema).default({}),
    title_suffix: z
      .number()
      .int()
      .min(0)
      .max(TITLE_SUFFIXES.length - 1)
      .default(0),
    images: z.array(z.string().max(2048)).max(50).default([]),
  })
  .meta({ id: 'ReportDetailValues' });
export type ReportDetailValues = z.infer<typeof ReportDetailValuesSchema>;

export const EMPTY_DETAIL: ReportDetailValues = { values: {}, title_suffix: 0, images: [] };

/** Reads a stored rpt_detail (null, legacy or damaged JSON included) without throwing; keeps the valid parts. */
export function parseDetail(raw: unknown): ReportDetailValues {
  const whole = ReportDetailValuesSchema.safeParse(raw ?? {});
  if (whole.success) return whole.data;
  const obj = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const pick = <T>(schema: z.ZodType<T>, v: unknown, fallback: T): T => {
    const r = schema.safeParse(v);
    return r.success ? r.data : fallback;
  };
  const values: Record<string, DetailValue> = {};
  if (typeof obj.values === 'object' && obj.values !== null) {
    for (const [k, v] of Object.entries(obj.values)) {
      const r = DetailValueSchema.safeParse(v);
      if (r.success && k.length <= 160) values[k] = r.data;
    }
  }
  return {
    values,
    title_suffix: pick(ReportDetailValuesSchema.shape.title_suffix, obj.title_suffix, 0),
    images: pick(ReportDetailValuesSchema.shape.images, obj.images, []),
  };
}

// ---- tables ------------------------------------------------------------------------------------------

/** A table cell of a template: text is a fixed label; model '1' shows its row total, '2' spans columns. */
export const TableCellSchema = z.object({
  text: z.string().max(500).optional(),
  model: z.enum(['0', '1', '2']).optional(),
  formula: z.string().max(200).optional(),
  colspan: z.number().int().min(1).max(26).optional(),
  input: z.boolean().optional(),
});
export type TableCell = z.infer<typeof TableCellSchema>;
export const TableDataSchema = z.object({ rows: z.array(z.array(TableCellSchema).max(26)).max(100) });
export type TableData = z.infer<typeof TableDataSchema>;

export const cellKey = (uuid: string, row: number, col: number) => `${uuid}.${row}.${col}`;

/** A number from a cell value; blank or non-numeric: null. */
export function toNumber(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v !== 'string' || v.trim() === '') return null;
  const n = Number(v.trim());
  return Number.isFinite(n) ? n : null;
}

/** Rounds for display (2 decimals, no float noise). */
export const roundCell = (n: number) => Math.round(n * 100) / 100;

/** Value of a plain cell: what was typed (input cells) or its fixed text. */
export function cellValue(
  cell: TableCell | undefined,
  uuid: string,
  r: number,
  c: number,
  values: Record<string, unknown>,
) {
  if (!cell) return undefined;
  return isInputCell(cell) ? values[cellKey(uuid, r, c)] : cell.text;
}

export const isComputedCell = (cell: TableCell) => cell.model === '1' || !!cell.formula;
export const isInputCell = (cell: TableCell) =>
  !isComputedCell(cell) && (cell.input === true || cell.text === undefined);

/** Model '1': the sum of the numeric plain cells of its row (other totals and formulas are not counted). */
export function rowTotal(table: TableData, uuid: string, r: number, values: Record<string, unknown>): number {
  const row = table.rows[r] ?? [];
  let sum = 0;
  row.forEach((cell, c) => {
    if (isComputedCell(cell)) return;
    sum += toNumber(cellValue(cell, uuid, r, c, values)) ?? 0;
  });
  return roundCell(sum);
}

type Token = { kind: 'num'; v: number } | { kind: 'ref'; col: number; row: number } | { kind: 'op'; v: string };

function tokenize(src: string): Token[] | null {
  const out: Token[] = [];
  const re = /\s*(?:(\d+(?:\.\d+)?)|([A-Za-z])(\d{1,3})|([-+*/()]))/y;
  let i = 0;
  while (i < src.length) {
    if (/^\s*$/.test(src.slice(i))) break;
    re.lastIndex = i;
    const m = re.exec(src);
    if (!m) return null;
    if (m[1] !== undefined) out.push({ kind: 'num', v: Number(m[1]) });
    else if (m[2] !== undefined && m[3] !== undefined)
      out.push({ kind: 'ref', col: m[2].toUpperCase().charCodeAt(0) - 65, row: Number(m[3]) - 1 });
    else if (m[4] !== undefined) out.push({ kind: 'op', v: m[4] });
    i = re.lastIndex;
  }
  return out;
}

/**
 * Evaluates a cell formula: numbers, + - * / and parentheses, and cell references in spreadsheet style
 * (`A1` = first column, first row of this table). A reference to an empty cell counts as 0, to text as
 * not computable. Never throws: bad syntax, unknown cells, division by zero or cycles give null.
 */
export function evaluateFormula(formula: string, resolve: (row: number, col: number) => number | null): number | null {
  const tokens = tokenize(formula);
  if (!tokens || tokens.length === 0 || tokens.length > 200) return null;
  let pos = 0;
  const peek = () => tokens[pos];
  const isOp = (v: string) => {
    const t = peek();
    return t?.kind === 'op' && t.v === v;
  };
  const primary = (): number | null => {
    const t = tokens[pos++];
    if (!t) return null;
    if (t.kind === 'num') return t.v;
    if (t.kind === 'ref') return resolve(t.row, t.col);
    if (t.v === '-') {
      const v = primary();
      return v === null ? null : -v;
    }
    if (t.v === '(') {
      const v = sum();
      if (!isOp(')')) return null;
      pos++;
      return v;
    }
    return null;
  };
  const product = (): number | null => {
    let left = primary();
    while (left !== null && (isOp('*') || isOp('/'))) {
      const op = (tokens[pos++] as { v: string }).v;
      const right = primary();
      if (right === null) return null;
      if (op === '/' && right === 0) return null;
      left = op === '*' ? left * right : left / right;
    }
    return left;
  };
  const sum = (): number | null => {
    let left = product();
    while (left !== null && (isOp('+') || isOp('-'))) {
      const op = (tokens[pos++] as { v: string }).v;
      const right = product();
      if (right === null) return null;
      left = op === '+' ? left + right : left - right;
    }
    return left;
  };
  const v = sum();
  if (pos !== tokens.length || v === null || !Number.isFinite(v)) return null;
  return roundCell(v);
}

/**
 * Whether a template's formula can ever compute: it parses (`A1+B1*` does not) and refers only to cells of its
 * table (`rows` x `cols`). Checked when a layout is saved; evaluateFormula stays lenient for stored layouts.
 */
export function isValidFormula(formula: string, rows: number, cols: number): boolean {
  const tokens = tokenize(formula);
  if (!tokens?.length) return false;
  if (tokens.some((t) => t.kind === 'ref' && (t.row < 0 || t.row >= rows || t.col < 0 || t.col >= cols))) return false;
  // A value no sum of cells makes zero by chance, so only a formula dividing by zero whatever is typed fails.
  return evaluateFormula(formula, () => Math.E) !== null;
}

/** The shown value of any cell: typed or fixed text, row total, or formula result (null: nothing to show). */
export function computeCell(
  table: TableData,
  uuid: string,
  r: number,
  c: number,
  values: Record<string, unknown>,
): number | string | null {
  const state = { cycle: false };
  const v = compute(table, uuid, r, c, values, new Set(), state);
  return state.cycle ? null : v;
}

function compute(
  table: TableData,
  uuid: string,
  r: number,
  c: number,
  values: Record<string, unknown>,
  seen: ReadonlySet<string>,
  state: { cycle: boolean },
): number | string | null {
  const cell = table.rows[r]?.[c];
  if (!cell) return null;
  const here = `${r}.${c}`;
  if (seen.has(here)) {
    state.cycle = true;
    return null;
  }
  if (cell.formula) {
    const next = new Set(seen).add(here);
    return evaluateFormula(cell.formula, (rr, cc) => {
      if (!table.rows[rr]?.[cc] || state.cycle) return null;
      const v = compute(table, uuid, rr, cc, values, next, state);
      if (state.cycle) return null;
      return v === null || v === '' ? 0 : toNumber(v);
    });
  }
  if (cell.model === '1') return rowTotal(table, uuid, r, values);
  const v = cellValue(cell, uuid, r, c, values);
  return typeof v === 'string' || typeof v === 'number' ? v : null;
}

// ---- ultrasound ranges -------------------------------------------------------------------------------

export const FETAL_MONTH_MIN = 1;
export const FETAL_MONTH_MAX = 11;
export const UsRangeDataSchema = z.object({
  label: z.string().max(200).optional(),
  unit: z.string().max(20).optional(),
  ranges: z
    .array(
      z.object({ month: z.number().int().min(FETAL_MONTH_MIN).max(FETAL_MONTH_MAX), min: z.number(), max: z.number() }),
    )
    .max(FETAL_MONTH_MAX),
});
export type UsRangeData = z.infer<typeof UsRangeDataSchema>;

/** Where a measured value stands against the normal range of its fetal month. */
export function rangeStatus(data: UsRangeData, month: unknown, value: unknown): 'low' | 'normal' | 'high' | null {
  const v = toNumber(value);
  const range = data.ranges.find((r) => r.month === toNumber(month));
  if (v === null || !range || range.min >= range.max) return null;
  if (v < range.min) return 'low';
  return v > range.max ? 'high' : 'normal';
}

/** Options of checkbox, radio and module elements: non-empty, unique. */
export const OptionsDataSchema = z.object({
  options: z
    .array(z.string().trim().min(1).max(200))
    .min(1)
    .max(50)
    .refine((o) => new Set(o).size === o.length, { message: 'duplicate option' }),
});

// ---- tool settings -----------------------------------------------------------------------------------

/** Tool tab limits (spec section 5): font 8-48, line spacing 8-48, zoom 0.2-2 step 0.1; overflow stops at 12 px. */
export const TOOL_LIMITS = {
  fontSize: { min: 8, max: 48 },
  lineHeight: { min: 8, max: 48 },
  zoom: { min: 0.2, max: 2, step: 0.1 },
  overflowMinFont: 12,
} as const;

// ---- configuration the document and the print page read -----------------------------------------------

/** GET /tool/reportConfig: sys_config entries the report screens need (signed-in users). */
export const ReportConfigSchema = z
  .object({
    /** Central server address for the print page's API calls and images; '' means this server. */
    core_url: z.string(),
    /** sys_config multi_page_report = Y. */
    multi_page_report: z.boolean(),
    /** sys_config use_critical = Y: the report screen offers the critical-value flag. */
    use_critical: z.boolean(),
    /**
     * sys_config workload_link_hospital: the hospital code whose users get the security tab's workload
     * statistics link ('' no one). Always sent by /tool/reportConfig; optional so the other answers that
     * carry this config (the shared report) need not.
     */
    workload_link_hospital: z.string().optional(),
    /** sys_config ai_url is set: the report screen offers the AI suggestion. Optional like the one above. */
    ai_enabled: z.boolean().optional(),
    /** sys_config imageViewer: another viewer's address images open in ('' the platform's own). Optional like the above. */
    image_viewer: z.string().optional(),
    /** sys_config openType: '' or _blank a new window, _self this tab. Optional like the above. */
    open_type: z.enum(OPEN_TYPES).optional(),
  })
  .meta({ id: 'ReportConfig' });
export type ReportConfig = z.infer<typeof ReportConfigSchema>;
