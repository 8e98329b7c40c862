import { createRoute } from '@hono/zod-openapi';
import dayjs from 'dayjs';
import type { Context } from 'hono';
import type { ZodError } from 'zod';
import { PERMISSIONS } from '@shared/permissions';
import {
  CountDetailSchema,
  FilmQualityAnswerSchema,
  FilmQualityRequestSchema,
  HospitalCountAnswerSchema,
  MeetingCountAnswerSchema,
  SERIES_CALLS,
  ZhanjiangAnswerSchema,
  ZhanjiangRequestSchema,
  SeriesAnswerSchema,
  StatsRangeSchema,
  StorageAnswerSchema,
  MonthCountAnswerSchema,
  MonthCountRequestSchema,
  StatsExportRequestSchema,
  UserWorkCountRequestSchema,
  WorkCountAnswerSchema,
  type SeriesCall,
  type StatsExportType,
} from '@shared/schemas/statistics';
import type { AppEnv } from '../../platform/context';
import { clientMeta } from '../../platform/http/client-meta';
import { ok } from '../../platform/http/respond';
import { jsonBody, okResponse } from '../../platform/http/route';
import { newRouter, validationBody, type Router } from '../../platform/http/router';
import { access } from '../../platform/http/guard';
import { auditExport } from '../../platform/audit';
import { hospitalScope } from '../../platform/hospital-scope';
import { countDetail } from './count-detail';
import { filmQuality } from './film-quality';
import { hospitalCount, storageCount } from './hospital-count';
import { meetingCount } from './meeting-count';
import { monthRows } from './month-rows';
import { series } from './series';
import {
  filmQualityTable,
  hospitalCountTable,
  meetingCountTable,
  monthCountTable,
  seriesTable,
  storageTable,
  workCountTable,
  zhanjiangTable,
} from './tables';
import { userWorkCount } from './work-count';
import { zhanjiangCount } from './zhanjiang-count';
import { statsXlsxResponse, type StatsTable } from './xlsx-table';

const tags = ['statistics'];
const guard = access(PERMISSIONS.STATS_VIEW);

export function statisticsRoutes() {
  const app = newRouter();
  workCountRoutes(app);
  countDetailRoutes(app);
  return app;
}

/** Work counts by doctor, month and body part, and their export. */
function workCountRoutes(app: Router) {
  app.openapi(
    createRoute({
      method: 'post',
      path: '/orderCount/userWorkCount',
      tags,
      summary: 'Doctor workload: reports written and audited, body parts, per modality; total row last',
      ...guard,
      request: jsonBody(UserWorkCountRequestSchema),
      responses: okResponse(WorkCountAnswerSchema),
    }),
    async (c) => {
      const q = c.req.valid('json');
      const scope = await hospitalScope(c.var.deps.db, c.var.user, q.sn);
      return ok(c, await userWorkCount(c.var.deps.db, scope, q));
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/orderCount/monthCountByBodyPart',
      tags,
      summary:
        "A hospital's studies of a month (or startTime..endTime) per modality and body part, by patient type; queryType: by study, report or audit date; total row last",
      ...guard,
      request: jsonBody(MonthCountRequestSchema),
      responses: okResponse(MonthCountAnswerSchema),
    }),
    async (c) => ok(c, await monthRows(c, c.req.valid('json'))),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/orderCount/exportExcel',
      tags,
      summary: 'The .xlsx of one statistics table: type names the call, the rest are its parameters',
      ...guard,
      request: jsonBody(StatsExportRequestSchema),
      responses: { 200: { description: 'The .xlsx file' } },
    }),
    async (c) => {
      const { type, ...params } = c.req.valid('json');
      const table = await exportTable(c, type, params);
      if (table instanceof Response) return table;
      const { db } = c.var.deps;
      await auditExport(db, c.var.user, {
        list: `statistics:${type}`,
        filters: params,
        rows: table.rows.length,
        ip: clientMeta(c).ip,
      });
      const day = dayjs().format('YYYYMMDD');
      return statsXlsxResponse(c, {
        ...table,
        fileName: { 'zh-CN': `${table.fileName['zh-CN']}-${day}`, 'en-US': `${table.fileName['en-US']}-${day}` },
      });
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/orderCount/doctorCount',
      tags,
      summary: 'Statistics per hospital: the workload columns per hospital; total row last',
      ...guard,
      request: jsonBody(StatsRangeSchema),
      responses: okResponse(HospitalCountAnswerSchema),
    }),
    async (c) => {
      const q = c.req.valid('json');
      return ok(c, await hospitalCount(c.var.deps.db, await hospitalScope(c.var.deps.db, c.var.user, q.sn), q));
    },
  );
}

/** Use counts, series, details and the per-hospital counts. */
function countDetailRoutes(app: Router) {
  app.openapi(
    createRoute({
      method: 'post',
      path: '/orderCount/fileUseCount',
      tags,
      summary:
        'Storage per hospital: bytes, MB (bytes/1024000) and GB (MB/1024) of the studies received; total row last',
      ...guard,
      request: jsonBody(StatsRangeSchema),
      responses: okResponse(StorageAnswerSchema),
    }),
    async (c) => {
      const q = c.req.valid('json');
      return ok(c, await storageCount(c.var.deps.db, await hospitalScope(c.var.deps.db, c.var.user, q.sn), q));
    },
  );
  for (const call of SERIES_CALLS) {
    app.openapi(
      createRoute({
        method: 'post',
        path: `/orderCount/${call}`,
        tags,
        summary: `Dashboard series ${call}: [{name, value}] sorted by name (docs/statistics.md)`,
        ...guard,
        request: jsonBody(StatsRangeSchema),
        responses: okResponse(SeriesAnswerSchema),
      }),
      async (c) => {
        const q = c.req.valid('json');
        return ok(c, await series(c.var.deps.db, await hospitalScope(c.var.deps.db, c.var.user, q.sn), call, q));
      },
    );
  }
  app.openapi(
    createRoute({
      method: 'post',
      path: '/orderCount/countDatail',
      tags,
      summary:
        "The dashboard's headline figures: studies, patients, images, bytes, reports written / audited / positive / critical",
      ...guard,
      request: jsonBody(StatsRangeSchema),
      responses: okResponse(CountDetailSchema),
    }),
    async (c) => {
      const q = c.req.valid('json');
      return ok(c, await countDetail(c.var.deps.db, await hospitalScope(c.var.deps.db, c.var.user, q.sn), q));
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/orderCount/zhanJiangCount',
      tags,
      summary:
        'The three-tab page: body parts, reports or workload by modality, stage and patient kind; total row last',
      ...guard,
      request: jsonBody(ZhanjiangRequestSchema),
      responses: okResponse(ZhanjiangAnswerSchema),
    }),
    async (c) => {
      const q = c.req.valid('json');
      return ok(c, await zhanjiangCount(c.var.deps.db, await hospitalScope(c.var.deps.db, c.var.user, q.sn), q));
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/orderCount/imgProportionCount',
      tags,
      summary: "Film quality per hospital and modality: each study's latest image grade, rates; total row last",
      ...guard,
      request: jsonBody(FilmQualityRequestSchema),
      responses: okResponse(FilmQualityAnswerSchema),
    }),
    async (c) => {
      const q = c.req.valid('json');
      return ok(c, await filmQuality(c.var.deps.db, await hospitalScope(c.var.deps.db, c.var.user, q.sn), q));
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/meeting/userMeetingCount',
      tags,
      summary: 'Consultations per hospital by number of disciplines; total row last',
      ...guard,
      request: jsonBody(StatsRangeSchema),
      responses: okResponse(MeetingCountAnswerSchema),
    }),
    async (c) => {
      const q = c.req.valid('json');
      return ok(c, await meetingCount(c.var.deps.db, await hospitalScope(c.var.deps.db, c.var.user, q.sn), q));
    },
  );
}

const isSeriesCall = (type: StatsExportType): type is SeriesCall => (SERIES_CALLS as readonly string[]).includes(type);

/** The table of the named call, its parameters checked by that call's own schema. */
async function exportTable(
  c: Context<AppEnv>,
  type: StatsExportType,
  params: Record<string, unknown>,
): Promise<StatsTable<unknown> | Response> {
  const invalid = (error: ZodError) => c.json(validationBody(c, error), 400);
  const { db } = c.var.deps;
  const scopeOf = (sn?: string) => hospitalScope(db, c.var.user, sn);
  if (isSeriesCall(type)) {
    const q = StatsRangeSchema.safeParse(params);
    if (!q.success) return invalid(q.error);
    return seriesTable(type, await series(db, await scopeOf(q.data.sn), type, q.data));
  }
  switch (type) {
    case 'userWorkCount': {
      const q = UserWorkCountRequestSchema.safeParse(params);
      if (!q.success) return invalid(q.error);
      return workCountTable(await userWorkCount(db, await scopeOf(q.data.sn), q.data));
    }
    case 'monthCountByBodyPart': {
      const q = MonthCountRequestSchema.safeParse(params);
      if (!q.success) return invalid(q.error);
      return monthCountTable(await monthRows(c, q.data));
    }
    case 'doctorCount':
    case 'fileUseCount':
    case 'userMeetingCount': {
      const q = StatsRangeSchema.safeParse(params);
      if (!q.success) return invalid(q.error);
      const scope = await scopeOf(q.data.sn);
      if (type === 'doctorCount') return hospitalCountTable(await hospitalCount(db, scope, q.data));
      if (type === 'fileUseCount') return storageTable(await storageCount(db, scope, q.data));
      return meetingCountTable(await meetingCount(db, scope, q.data));
    }
    case 'imgProportionCount': {
      const q = FilmQualityRequestSchema.safeParse(params);
      if (!q.success) return invalid(q.error);
      return filmQualityTable(await filmQuality(db, await scopeOf(q.data.sn), q.data));
    }
    case 'zhanJiangCount': {
      const q = ZhanjiangRequestSchema.safeParse(params);
      if (!q.success) return invalid(q.error);
      return zhanjiangTable(q.data.tab, await zhanjiangCount(db, await scopeOf(q.data.sn), q.data));
    }
    default: {
      const unknown: never = type;
      throw new Error(`no export for ${String(unknown)}`);
    }
  }
}
