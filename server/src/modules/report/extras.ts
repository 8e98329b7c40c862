import type { z } from 'zod';
import { decide } from '@shared/report/rules';
import type { CacheReportSchema, CriticalSchema, QualitySchema, ReportDetail } from '@shared/schemas/report';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { preparedPerDb } from '../../platform/db/prepared';
import { qualityRecord, reportDraft } from '../../platform/db/schema';
import { AppError } from '../../platform/core/errors';
import { getConfigs } from '../../platform/config';
import type { Caller } from './caller';
import { studyInScope, target } from './repo';
import { markCritical, refuse, stateOf } from './write';

/** The server-side draft: the caller's unsaved text, kept until they save or audit. */
export async function cacheReport(db: Db, caller: Caller, input: z.output<typeof CacheReportSchema>): Promise<void> {
  const { r } = await target(db, caller.me, input.study_iuid, input.rpt_position, true);
  const d = decide('cache', stateOf(r));
  if (!d.ok) refuse(d.reason);
  await putDraft(db).execute({
    rptPk: r.rpt_pk,
    userPk: caller.me.pk,
    text1: input.report_text1,
    text2: input.report_text2,
    now: new Date().toISOString(),
  });
}

/** The editor sends its draft every few seconds while the doctor types: one prepared upsert. */
const putDraft = preparedPerDb((db) =>
  db
    .insert(reportDraft)
    .values({
      rpt_pk: sql.placeholder('rptPk'),
      user_pk: sql.placeholder('userPk'),
      report_text1: sql.placeholder('text1'),
      report_text2: sql.placeholder('text2'),
      updated_at: sql`${sql.placeholder('now')}`,
    })
    .onConflictDoUpdate({
      target: [reportDraft.rpt_pk, reportDraft.user_pk],
      set: {
        report_text1: sql`excluded.report_text1`,
        report_text2: sql`excluded.report_text2`,
        updated_at: sql`excluded.updated_at`,
      },
    })
    .prepare('rx_put_draft'),
);

/** Critical value: set (1 with its text) or deleted (0, empty), when the installation uses them. */
export async function setCritical(
  db: Db,
  caller: Caller,
  input: z.output<typeof CriticalSchema>,
): Promise<ReportDetail> {
  const { use_critical } = await getConfigs(db, ['use_critical']);
  if (use_critical !== 'Y') throw new AppError(400, 'FEATURE_OFF', 'criticalOff');
  return markCritical(db, caller, input);
}

export async function recordQuality(db: Db, caller: Caller, input: z.output<typeof QualitySchema>): Promise<void> {
  const s = await studyInScope(db, caller.me, input.study_iuid);
  await db.insert(qualityRecord).values({
    hospital_code: s.hospital_code,
    study_iuid: s.study_iuid,
    modality: s.modality,
    image_quality: input.image_quality ?? null,
    image_score: input.image_score == null ? null : String(input.image_score),
    image_remark: input.image_remark,
    report_quality: input.report_quality ?? null,
    report_score: input.report_score == null ? null : String(input.report_score),
    report_remark: input.report_remark,
    create_user: caller.me.name,
  });
}
