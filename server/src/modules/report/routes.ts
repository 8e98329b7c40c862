import { createRoute, z } from '@hono/zod-openapi';
import { PERMISSIONS } from '@shared/permissions';
import {
  AuditReportSchema,
  CacheReportSchema,
  CriticalSchema,
  LockStateSchema,
  QualitySchema,
  ReportDetailSchema,
  ReportInfoSchema,
  ReportRefSchema,
  ReportTransitionSchema,
  AddendumInputSchema,
  SaveReportSchema,
  SignRequestSchema,
  ReportInfoQuerySchema,
  StudyIuidSchema,
  VersionRowSchema,
} from '@shared/schemas/report';
import { ok } from '../../platform/http/respond';
import { forbidden } from '../../platform/core/errors';
import { jsonBody, okResponse } from '../../platform/http/route';
import { access } from '../../platform/http/guard';
import { newRouter, type Router } from '../../platform/http/router';
import { callerOf } from './caller';
import { cacheReport, recordQuality, setCritical } from './extras';
import { cleanLock, lockStudy } from './lock';
import { reportInfo, reportVersions } from './read';
import { addAddendum, auditReport, cancelAudit, invalidReport, saveReport, signRequest } from './write';
import { addendaOf } from './addenda';
import { SignRequestResultSchema } from '@shared/schemas/report-signature';
import { addendumAdded, auditWithdrawn, criticalChanged, reportAudited } from './hooks';

const tags = ['report'];
const post = (path: string, summary: string) => ({ method: 'post' as const, path, tags, summary });

export function reportRoutes() {
  const app = newRouter();
  reportWriteRoutes(app);
  reportExtraRoutes(app);
  return app;
}

/** Reading a report and moving it through save, audit, cancel and void. */
function reportWriteRoutes(app: Router) {
  app.openapi(
    createRoute({
      ...post('/report/info', 'The study, its reports, its layout template, the caller’s drafts and the lock'),
      ...access(PERMISSIONS.DASHBOARD),
      request: jsonBody(ReportInfoQuerySchema),
      responses: okResponse(ReportInfoSchema),
    }),
    async (c) => {
      const q = c.req.valid('json');
      return ok(c, await reportInfo(c.var.deps.db, c.var.user, q.study_iuid, q.audit_version));
    },
  );

  app.openapi(
    createRoute({
      ...post('/report/save', 'Save (0 or 1 to 1); carries the version it was based on'),
      ...access(PERMISSIONS.SAVE_ORDER),
      request: jsonBody(SaveReportSchema),
      responses: okResponse(ReportDetailSchema),
    }),
    async (c) => ok(c, await saveReport(c.var.deps.db, callerOf(c), c.req.valid('json')), 'rptSaved'),
  );

  app.openapi(
    createRoute({
      ...post('/report/audit', 'Audit (1 to 2; 0 to 2 with oneClickAudit, saving first)'),
      ...access(PERMISSIONS.AUDIT),
      request: jsonBody(AuditReportSchema),
      responses: okResponse(ReportDetailSchema),
    }),
    async (c) => {
      const done = await auditReport(c.var.deps.db, callerOf(c), c.req.valid('json'));
      reportAudited.emit(c.var.deps, { rpt_pk: done.rpt_pk, auditor_pk: c.var.user.pk }); // never waited for
      return ok(c, done, 'rptAuditedOk');
    },
  );

  app.openapi(
    createRoute({
      ...post(
        '/report/signRequest',
        'The document a USB-key signed audit (role audit) or save (role report) of exactly this input signs, stamped with the server time; the same checks as the write (docs/report-signature.md)',
      ),
      // The report screen's permission at the door; then the write it is for decides: an audit's document needs
      // the audit permission, a save's the save one.
      ...access(PERMISSIONS.DASHBOARD),
      request: jsonBody(SignRequestSchema),
      responses: okResponse(SignRequestResultSchema),
    }),
    async (c) => {
      const input = c.req.valid('json');
      const user = c.var.user;
      const needs = input.role === 'audit' ? PERMISSIONS.AUDIT : PERMISSIONS.SAVE_ORDER;
      if (!user.isSuper && !user.perms.has(needs)) throw forbidden();
      return ok(c, await signRequest(c.var.deps.db, callerOf(c), input));
    },
  );

  app.openapi(
    createRoute({
      ...post('/report/cancelAudit', 'Cancel the audit (2 to 1)'),
      ...access(PERMISSIONS.CANCEL),
      request: jsonBody(ReportTransitionSchema),
      responses: okResponse(ReportDetailSchema),
    }),
    async (c) => {
      const done = await cancelAudit(c.var.deps.db, callerOf(c), c.req.valid('json'));
      auditWithdrawn.emit(c.var.deps, { rpt_pk: done.rpt_pk }); // the withdrawal the cancel may have queued
      return ok(c, done, 'rptCancelled');
    },
  );

  app.openapi(
    createRoute({
      ...post(
        '/report/addendum',
        'An addendum to the audited report at `version` (issue 41): the signed original stays; the addition is numbered, signed by the caller and printed under it, and the report is archived and delivered again as amended. 409 REPORT_STATE when not audited, STALE_VERSION when changed meanwhile',
      ),
      ...access(PERMISSIONS.AUDIT),
      request: jsonBody(AddendumInputSchema),
      responses: okResponse(ReportDetailSchema),
    }),
    async (c) => {
      const done = await addAddendum(c.var.deps.db, callerOf(c), c.req.valid('json'));
      addendumAdded.emit(c.var.deps, { rpt_pk: done.rpt_pk }); // its archive and delivery run now
      const mine = (await addendaOf(c.var.deps.db, [done.rpt_pk!])).get(done.rpt_pk!) ?? [];
      return ok(c, { ...done, addenda: mine }, 'rptAddendumOk', { seq: mine.at(-1)?.seq ?? 0 });
    },
  );

  app.openapi(
    createRoute({
      ...post('/report/invalid', 'Void the report (any status to 0, clearing texts, dates, doctors, signatures)'),
      ...access(PERMISSIONS.INVALID_REPORT),
      request: jsonBody(ReportTransitionSchema),
      responses: okResponse(ReportDetailSchema),
    }),
    async (c) => {
      const done = await invalidReport(c.var.deps.db, callerOf(c), c.req.valid('json'));
      auditWithdrawn.emit(c.var.deps, { rpt_pk: done.rpt_pk }); // voiding an audited report withdraws it too
      return ok(c, done, 'rptVoided');
    },
  );
}

/** Versions, drafts, the writing lock, critical values and quality. */
function reportExtraRoutes(app: Router) {
  app.openapi(
    createRoute({
      ...post('/report/versions', 'Every saved version of a report, newest first'),
      ...access(PERMISSIONS.DASHBOARD),
      request: jsonBody(ReportRefSchema),
      responses: okResponse(z.array(VersionRowSchema)),
    }),
    async (c) => {
      const q = c.req.valid('json');
      return ok(c, await reportVersions(c.var.deps.db, c.var.user, q.study_iuid, q.rpt_position));
    },
  );

  app.openapi(
    createRoute({
      ...post('/report/cache', 'Keep the caller’s unsaved text on the server (draft)'),
      ...access(PERMISSIONS.CACHE_RPTS),
      request: jsonBody(CacheReportSchema),
      responses: okResponse(z.null()),
    }),
    async (c) => {
      await cacheReport(c.var.deps.db, callerOf(c), c.req.valid('json'));
      return ok(c, null);
    },
  );

  app.openapi(
    createRoute({
      ...post('/report/lock', 'Mark the study as being written by the caller (shows who holds it)'),
      ...access(PERMISSIONS.DASHBOARD),
      request: jsonBody(StudyIuidSchema),
      responses: okResponse(LockStateSchema),
    }),
    async (c) => {
      return ok(c, await lockStudy(c.var.deps.db, c.var.user, c.req.valid('json').study_iuid));
    },
  );

  app.openapi(
    createRoute({
      ...post('/report/cleanLock', 'Release the study (someone else’s lock needs patorder:closeRpts)'),
      ...access(PERMISSIONS.DASHBOARD),
      request: jsonBody(StudyIuidSchema),
      responses: okResponse(LockStateSchema),
    }),
    async (c) => ok(c, await cleanLock(c.var.deps.db, c.var.user, c.req.valid('json').study_iuid)),
  );

  app.openapi(
    createRoute({
      ...post('/report/critical', 'Set (is_critical 1 with text) or delete (0) the critical value'),
      ...access(PERMISSIONS.SAVE_ORDER),
      request: jsonBody(CriticalSchema),
      responses: okResponse(ReportDetailSchema),
    }),
    async (c) => {
      const done = await setCritical(c.var.deps.db, callerOf(c), c.req.valid('json'));
      if (done.rpt_pk) criticalChanged.emit(c.var.deps, { rpt_pk: done.rpt_pk }); // never waited for
      return ok(c, done);
    },
  );

  app.openapi(
    createRoute({
      ...post('/report/quality', 'Record the quality control of a study'),
      ...access(PERMISSIONS.DASHBOARD),
      request: jsonBody(QualitySchema),
      responses: okResponse(z.null()),
    }),
    async (c) => {
      await recordQuality(c.var.deps.db, callerOf(c), c.req.valid('json'));
      return ok(c, null);
    },
  );
}
