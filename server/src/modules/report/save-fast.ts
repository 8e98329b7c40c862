import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { auditLog, report, reportDraft, reportVersion, study } from '../../db/schema';
import { preparedPerDb } from '../../lib/prepared';
import type { Caller } from './caller';
import { toReportRow } from './commit';
import type { ReportRow } from './repo';

const p = (name: string) => sql.placeholder(name);

/**
 * A save as one prepared statement, without reading first: the study and report are found by
 * (study_iuid, rpt_position) under every rule a save checks in code (scope as in `assertScope`, the
 * version, a state `decide('save')` allows, a patient sex the content check passes), and written as
 * `saveReport` writes them. No row when any rule is not met (or the report row is missing): the
 * caller then takes the slow path, which reads and gives the precise answer.
 *
 * The UPDATE re-checks `r.version` on the row it locks, so a concurrent writer that got there first
 * makes this one find nothing, as in `commitWrite`. SET expressions see the old row; `o` gives the
 * old status to the audit row.
 */
const saveStatement = preparedPerDb((db) => {
  const q = new PgDialect().sqlToQuery(sql`
    with o as (
      select r.rpt_pk, r.rpt_status
      from ${study} s join ${report} r on r.study_pk = s.pk and r.rpt_position = ${p('position')}::smallint
      where s.study_iuid = ${p('iuid')} and s.is_del = 0
        and (${p('super')}::boolean or s.hospital_code = ${p('hospital')}::text)
        and (jsonb_array_length(${p('modalities')}::jsonb) = 0 or ${p('modalities')}::jsonb ? s.modality)
        and not (${p('badSexes')}::jsonb ? s.patient_sex)
        and r.version = ${p('version')}::integer and r.rpt_status in (0, 1) and r.third_party_pdf = ''
    ),
    u as (
      update ${report} r set
        rpt_good_status = ${p('goodStatus')}::smallint,
        image_quality = coalesce(${p('imageQuality')}::smallint, r.image_quality),
        report_text1 = ${p('text1')}::text,
        report_text2 = ${p('text2')}::text,
        rpt_detail = case when ${p('detailGiven')}::boolean then ${p('detail')}::jsonb else r.rpt_detail end,
        rpt_status = 1,
        rpt_model_id = case when r.rpt_model_id = '' then ${p('modelId')}::text else r.rpt_model_id end,
        report_doctor = ${p('actorName')}::text,
        report_doctor_uuid = ${p('actorUuid')}::text,
        report_datetime = ${p('now')}::timestamptz,
        version = r.version + 1,
        updated_by = ${p('actorName')}::text,
        updated_at = ${p('now')}::timestamptz
      from o where r.rpt_pk = o.rpt_pk and r.version = ${p('version')}::integer
      returning r.*
    ),
    v as (
      insert into ${reportVersion} (rpt_pk, rpt_model_id, rpt_position, rpt_status, save_user, texts)
      select rpt_pk, rpt_model_id, rpt_position, 1, ${p('actorName')}::text, jsonb_build_object(
        'report_text1', report_text1, 'report_text2', report_text2, 'rpt_good_status', rpt_good_status,
        'image_quality', image_quality, 'rpt_detail', rpt_detail)
      from u
    ),
    a as (
      insert into ${auditLog} (user_pk, username, action, target, from_status, to_status)
      select ${p('actorPk')}::integer, ${p('actorUsername')}::text, 'report_save', 'report:' || u.rpt_pk, o.rpt_status::text, '1'
      from u join o on o.rpt_pk = u.rpt_pk
    ),
    d as (delete from ${reportDraft} where rpt_pk in (select rpt_pk from u)),
    s as (
      update ${study} set study_desc = ${p('studyDesc')}::text
      where pk in (select study_pk from u) and study_desc <> ${p('studyDesc')}::text
    )
    select * from u`);
  return db._.session.prepareQuery(q, undefined, 'rx_report_save', false);
});

export interface FastSave {
  study_iuid: string;
  rpt_position: number;
  version: number;
  rpt_good_status: number | null | undefined;
  image_quality?: number | null | undefined;
  report_text1: string;
  report_text2: string;
  rpt_detail?: unknown;
  study_desc: string;
}

/** The saved report, or null when the statement wrote nothing (see above). */
export async function saveInOne(
  db: Db,
  caller: Caller,
  input: FastSave,
  badSexes: string[],
): Promise<ReportRow | null> {
  const { me } = caller;
  const now = new Date();
  const result = (await saveStatement(db).execute({
    iuid: input.study_iuid,
    position: input.rpt_position,
    super: me.isSuper,
    hospital: me.hospital_code,
    modalities: JSON.stringify(me.modalities),
    badSexes: JSON.stringify(badSexes),
    version: input.version,
    goodStatus: input.rpt_good_status ?? null,
    imageQuality: input.image_quality ?? null,
    text1: input.report_text1,
    text2: input.report_text2,
    detailGiven: input.rpt_detail !== undefined,
    detail: input.rpt_detail === undefined || input.rpt_detail === null ? null : JSON.stringify(input.rpt_detail),
    modelId: String(now.getTime()),
    actorName: me.name,
    actorUuid: me.uuid,
    actorPk: me.pk,
    actorUsername: me.username,
    now: now.toISOString(),
    studyDesc: input.study_desc.trim(),
  })) as { rows: Record<string, unknown>[] };
  const raw = result.rows[0];
  return raw ? toReportRow(raw) : null;
}
