import ExcelJS from 'exceljs';
import { Hono } from 'hono';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { AppDeps, AppEnv } from '../context';
import { AppError } from '../core/errors';
import { attachment } from './content-disposition';
import { xlsxResponse, type ExportSource } from './xlsx-export';

type Row = { n: number; name: string };

function source(total: number, calls: [number, number][]): ExportSource<Row> {
  return {
    count: async () => total,
    batch: async (limit, offset) => {
      calls.push([limit, offset]);
      const n = Math.max(0, Math.min(limit, total - offset));
      return Array.from({ length: n }, (_, i) => ({ n: offset + i + 1, name: `行 ${offset + i + 1}` }));
    },
  };
}

function appFor(src: ExportSource<Row>, opts: { maxRows?: number; started?: number[] } = {}) {
  const app = new Hono<AppEnv>();
  app.use(async (c, next) => {
    c.set('deps', { log: pino({ level: 'silent' }) } as unknown as AppDeps);
    await next();
  });
  app.onError((err, c) => c.json({ error: err instanceof AppError ? err.msgKey : String(err) }, 400));
  app.get('/x', (c) =>
    xlsxResponse(c, {
      fileName: { 'zh-CN': '导出', 'en-US': 'export' },
      columns: [
        { header: { 'zh-CN': '序号', 'en-US': 'No.' }, value: (r) => r.n },
        { header: { 'zh-CN': '名称', 'en-US': 'Name' }, value: (r) => r.name },
      ],
      source: src,
      batchSize: 1000,
      ...(opts.maxRows ? { maxRows: opts.maxRows } : {}),
      onStart: async (rows) => void opts.started?.push(rows),
    }),
  );
  return app;
}

async function read(res: Response) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(await res.arrayBuffer());
  const rows: unknown[][] = [];
  wb.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe('xlsxResponse', () => {
  it('streams every row in batches of 1000, header in the caller’s language', async () => {
    const calls: [number, number][] = [];
    const started: number[] = [];
    const res = await appFor(source(2500, calls), { started }).request('/x', {
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(res.status).toBe(200);
    const rows = await read(res);
    expect(rows[0]).toEqual(['序号', '名称']);
    expect(rows).toHaveLength(2501);
    expect(rows[2500]).toEqual([2500, '行 2500']);
    expect(calls).toEqual([
      [1000, 0],
      [1000, 1000],
      [500, 2000],
    ]);
    expect(started).toEqual([2500]);
  });

  it('refuses more rows than the limit before anything is streamed or audited', async () => {
    const calls: [number, number][] = [];
    const started: number[] = [];
    const res = await appFor(source(11, calls), { maxRows: 10, started }).request('/x');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'exportTooMany' });
    expect(calls).toEqual([]);
    expect(started).toEqual([]);
  });

  it('writes an empty sheet with its header when nothing matches', async () => {
    const rows = await read(await appFor(source(0, [])).request('/x', { headers: { 'accept-language': 'en' } }));
    expect(rows).toEqual([['No.', 'Name']]);
  });
});

describe('attachment', () => {
  it('gives an ASCII name and the UTF-8 name', () => {
    expect(attachment('我的收藏-20250101', 'favourites-20250101')).toBe(
      `attachment; filename="favourites-20250101.xlsx"; filename*=UTF-8''${encodeURIComponent('我的收藏-20250101.xlsx')}`,
    );
    expect(attachment("a'b", 'a"b\\c\u00e9')).toBe(`attachment; filename="a_b_c_.xlsx"; filename*=UTF-8''a%27b.xlsx`);
  });
});
