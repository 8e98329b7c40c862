import type { AppDeps } from '../../platform/context';
import type { AuthUser } from '../../platform/core/auth-user';
import { AppError } from '../../platform/core/errors';
import type { Locale } from '@shared/constants';
import { decide } from '@shared/report/rules';
import { target, refuse, stateOf } from '../report';
import { PdfFailed, PdfRenderer, PdfUnavailable } from './renderer';
import { issueRenderToken } from './render-token';

type Fetch = (req: Request) => Response | Promise<Response>;

/**
 * One renderer per running app (its deps) and priority, so the app's close can close the browsers it started.
 * 'idle' serves prints and the archive pool (REPORT_ARCHIVE_POOL renders, and one more for a print); 'normal'
 * renders the archives that waited longer than REPORT_ARCHIVE_CATCH_UP_MS, started only when one did: the pool's
 * and the worker's one place for late archives only.
 */
const renderers = { idle: new WeakMap<AppDeps, PdfRenderer>(), normal: new WeakMap<AppDeps, PdfRenderer>() };

export function rendererFor(deps: AppDeps, fetch: Fetch, priority: 'idle' | 'normal' = 'idle'): PdfRenderer {
  let r = renderers[priority].get(deps);
  if (!r) {
    const concurrency = deps.env.REPORT_ARCHIVE_POOL + 1;
    // A late archive is rendered on a busy machine: it may take longer than a print (within the job's 2-minute lease
    // and the render token's life).
    const timeoutMs = priority === 'normal' ? 90_000 : undefined;
    r = new PdfRenderer({
      executablePath: deps.env.CHROMIUM_PATH,
      fetch,
      log: deps.log,
      concurrency,
      priority,
      timeoutMs,
    });
    renderers[priority].set(deps, r);
  }
  return r;
}

/** Closes the app's browsers and loopback listeners, if a PDF was ever rendered. */
export async function closeReportPdf(deps: AppDeps): Promise<void> {
  for (const map of Object.values(renderers)) {
    await map.get(deps)?.close();
    map.delete(deps);
  }
}

export interface ReportPdfRequest {
  study_iuid: string;
  rpt_position: number;
  isJz?: boolean | undefined;
}

/** Checks scope and state as printing does, then renders the print page as the caller. */
export async function reportPdf(
  deps: AppDeps,
  renderer: PdfRenderer,
  caller: { me: AuthUser; token: string; locale: Locale },
  q: ReportPdfRequest,
): Promise<Buffer> {
  const { r } = await target(deps.db, caller.me, q.study_iuid, q.rpt_position, false);
  if (r.third_party_pdf)
    throw new AppError(409, 'REPORT_STATE', 'pdfThirdParty', undefined, undefined, {
      reason: 'THIRD_PARTY',
    });
  const d = decide('print', stateOf(r));
  if (!d.ok) refuse(d.reason);
  try {
    return await renderer.render({
      study_iuid: q.study_iuid,
      rpt_pk: r.rpt_pk,
      emergency: !!q.isJz,
      token: caller.token,
      expiresAt: caller.me.expiresAt,
      locale: caller.locale,
    });
  } catch (e) {
    if (e instanceof PdfUnavailable) throw new AppError(503, 'PDF_UNAVAILABLE', 'pdfUnavailable');
    if (e instanceof PdfFailed) throw new AppError(503, 'PDF_UNAVAILABLE', 'pdfFailed');
    throw e;
  }
}

/**
 * The print page of one report as it was audited (the archive's PDF), rendered as `user` (the auditor) through
 * a render token rather than a session of theirs: the page may read that report at that audit version and its
 * report settings, nothing else; the token is revoked as soon as the render ends, however it ends. The page
 * shows the auditor from the audit's version row, not from the token. PdfUnavailable / PdfFailed as render().
 */
export async function renderAudited(
  deps: AppDeps,
  renderer: PdfRenderer,
  user: AuthUser,
  job: { study_iuid: string; rpt_pk: number; audit_version: number; locale: Locale },
): Promise<Buffer> {
  const grant = issueRenderToken(deps.db, user, job);
  try {
    return await renderer.render({
      study_iuid: job.study_iuid,
      rpt_pk: job.rpt_pk,
      audit_version: job.audit_version,
      emergency: false,
      token: grant.token,
      expiresAt: grant.expiresAt,
      locale: job.locale,
    });
  } finally {
    grant.revoke();
  }
}
