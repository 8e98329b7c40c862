import { and, asc, eq, lt, notExists, sql } from 'drizzle-orm';
import { RPT_STATUS } from '@shared/constants';
import type { AppDeps } from '../../platform/context';
import type { AuthUser } from '../../platform/core/auth-user';
import type { Tx } from '../../platform/db/client';
import { instance, patientFile, qualityRecord, report, reportVersion, study } from '../../platform/db/schema';
import { auditChange } from '../../platform/audit';
import { loggableError } from '../../platform/core/log-error';
import { auditedStudy, inBin, inBinSql, lockStudies } from './scope';
import { refuseAudited, type Who } from './service';

const DAY_MS = 86_400_000;
/** Studies the timer's run takes per round; each is its own transaction. */
const ROUND = 20;

/** No report of the study is audited (one that slipped in beside a delete is never purged with it). */
const noAuditedReport = notExists(
  sql`(select 1 from ${report} where ${report.study_pk} = ${study.pk} and ${report.rpt_status} = ${RPT_STATUS.AUDITED})`,
);

/** The bytes a study holds in the image store: instances, attachments and videos, archived PDFs no other study shares. */
async function storedKeys(tx: Tx, studyPk: number): Promise<string[]> {
  const instances = await tx.select({ key: instance.storage_key }).from(instance).where(eq(instance.study_pk, studyPk));
  const files = await tx
    .select({ key: patientFile.storage_key })
    .from(patientFile)
    .where(eq(patientFile.study_pk, studyPk));
  const pdfs = (await tx.execute(sql`
    select distinct v.pdf_sha256 as hex from ${reportVersion} v join ${report} r on r.rpt_pk = v.rpt_pk
    where r.study_pk = ${studyPk} and v.pdf_sha256 is not null
      and not exists (select 1 from ${reportVersion} o join ${report} orp on orp.rpt_pk = o.rpt_pk
                      where o.pdf_sha256 = v.pdf_sha256 and orp.study_pk <> ${studyPk})`)) as unknown as {
    rows: { hex: string }[];
  };
  return [
    ...instances.map((r) => r.key),
    ...files.map((r) => r.key),
    ...pdfs.rows.map((r) => `files/archive/${r.hex}.pdf`),
  ];
}

/**
 * Deletes one study of the recycle bin for good: its bytes from the image store, then its rows (reports,
 * versions, series, instances, attachments, registrations follow by cascade; its quality records by UID), audited.
 * The study row stays locked throughout, so a restore waits and then finds nothing; another process's purge skips
 * it (SKIP LOCKED). A store that fails leaves the study in the bin (the transaction rolls back) for the next run.
 * `before`: only a study deleted before then (the timer's run). false: nothing purged (gone, restored, audited).
 */
export async function purgeOne(
  deps: AppDeps,
  who: { pk: number; username: string },
  o: { studyPk: number; ip: string; before?: Date },
): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const [s] = await tx
      .select()
      .from(study)
      .where(
        and(eq(study.pk, o.studyPk), inBinSql, noAuditedReport, o.before ? lt(study.deleted_at, o.before) : undefined),
      )
      .for('update', { skipLocked: true });
    if (!s) return false;
    for (const key of await storedKeys(tx, s.pk)) await deps.images.remove(key);
    await tx
      .delete(qualityRecord)
      .where(and(eq(qualityRecord.study_iuid, s.study_iuid), eq(qualityRecord.hospital_code, s.hospital_code)));
    await tx.delete(study).where(eq(study.pk, s.pk));
    await auditChange(tx, who, {
      action: 'study.purge',
      target: `study:${s.pk}`,
      before: auditedStudy(s),
      after: null,
      ip: o.ip,
    });
    return true;
  });
}

/** deleteOrder: studies of the recycle bin deleted for good by a user, all checked first (404, 409) and then each purged. */
export async function purgeByHand(deps: AppDeps, who: Who, uids: string[]) {
  const studies = await deps.db.transaction(async (tx) => {
    const rows = await lockStudies(tx, who.me, uids, inBin);
    await refuseAudited(tx, rows);
    return rows;
  });
  const purged: string[] = [];
  for (const s of studies) {
    if (await purgeOne(deps, who.me, { studyPk: s.pk, ip: who.ip })) purged.push(s.study_iuid);
  }
  return { count: purged.length, study_iuids: purged };
}

/** Who the timer's purge is in the audit trail. */
const PURGE_TIMER = { pk: 0, username: 'recycle:expired' } satisfies Pick<AuthUser, 'pk' | 'username'>;

/**
 * Purges every study deleted more than keepDays ago, oldest first. Safe beside other processes doing the same:
 * each study is taken under a row lock with SKIP LOCKED. Returns how many it purged.
 */
export async function purgeExpired(deps: AppDeps, keepDays: number): Promise<number> {
  if (keepDays <= 0) return 0;
  const before = new Date((deps.now?.() ?? new Date()).getTime() - keepDays * DAY_MS);
  let purged = 0;
  const tried = new Set<number>();
  for (;;) {
    const due = await deps.db
      .select({ pk: study.pk })
      .from(study)
      .where(and(inBinSql, lt(study.deleted_at, before), noAuditedReport))
      .orderBy(asc(study.deleted_at), asc(study.pk))
      .limit(ROUND + tried.size);
    const fresh = due.map((d) => d.pk).filter((pk) => !tried.has(pk));
    if (!fresh.length) return purged;
    for (const pk of fresh) {
      tried.add(pk);
      if (await purgeOne(deps, PURGE_TIMER, { studyPk: pk, ip: '', before })) purged++;
    }
  }
}

/** Runs purgeExpired now and then every `everyMs` (timers unref'd); stop() waits for a run under way. */
export function startPurgeTimer(deps: AppDeps, keepDays: number, everyMs: number, firstMs: number) {
  let running: Promise<void> | null = null;
  const run = () => {
    if (running) return;
    running = purgeExpired(deps, keepDays)
      .then((n) => {
        if (n) deps.log.info({ purged: n, keepDays }, 'recycle bin: expired studies deleted for good');
      })
      .catch((err: unknown) => deps.log.error({ err: loggableError(err) }, 'recycle bin: purge failed'))
      .finally(() => (running = null));
  };
  const first = setTimeout(run, firstMs);
  const every = setInterval(run, everyMs);
  first.unref();
  every.unref();
  return {
    async stop() {
      clearTimeout(first);
      clearInterval(every);
      await running;
    },
  };
}
