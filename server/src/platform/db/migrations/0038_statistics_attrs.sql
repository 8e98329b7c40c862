CREATE TABLE "stat_attr_day" (
	"basis" varchar(1) NOT NULL,
	"day" date NOT NULL,
	"hospital_code" varchar(32) NOT NULL,
	"attr" varchar(8) NOT NULL,
	"value" varchar(512) NOT NULL,
	"studies" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_attr_day_hospital_code_basis_day_attr_value_pk" PRIMARY KEY("hospital_code","basis","day","attr","value")
);
--> statement-breakpoint
CREATE INDEX "stat_attr_day_day_idx" ON "stat_attr_day" USING btree ("day");--> statement-breakpoint
-- The facts the statistics series group by (issue 39), counted per day as stat_study_facts counts studies: every
-- fact by study day ('s'), hour and age also by registration day ('c'). Each value is the direct query's group key.
CREATE FUNCTION stat_attr_facts(s study, z text, sign int)
RETURNS TABLE (basis varchar, day date, hospital_code varchar, attr varchar, value varchar, studies int)
LANGUAGE sql STABLE AS $$
  SELECT b.basis::varchar, (b.t AT TIME ZONE z)::date, (s).hospital_code, a.attr::varchar, a.value::varchar, sign
  FROM (VALUES ('s', (s).study_datetime), ('c', (s).create_time)) b (basis, t)
  CROSS JOIN LATERAL (VALUES
    ('hour', to_char(b.t AT TIME ZONE z, 'HH24')),
    ('age', CASE
      WHEN (s).patient_age ~ '^[0-9]+Y$' THEN
        CASE WHEN left((s).patient_age, -1)::int >= 80 THEN '80+'
        ELSE (left((s).patient_age, -1)::int / 10 * 10)::text || '-' || (left((s).patient_age, -1)::int / 10 * 10 + 9)::text END
      WHEN (s).patient_age ~ '^[0-9]+[MDH]$' THEN '0-9'
      ELSE '' END),
    ('sex', (s).patient_sex),
    ('ptype', coalesce((s).patient_type::text, '')),
    ('desc', (s).study_desc),
    ('phone', CASE WHEN btrim((s).patient_phone) <> '' THEN 'withPhone' ELSE 'withoutPhone' END),
    ('sqdoc', (s).sq_doctor)) a (attr, value)
  WHERE (s).pk IS NOT NULL AND (s).is_del = 0 AND b.t IS NOT NULL AND (b.basis = 's' OR a.attr IN ('hour', 'age'))
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_study_counted(o study, n study) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT (o.is_del, o.hospital_code, o.modality, o.study_desc, o.patient_type, o.parts_count, o.study_datetime,
          o.create_time, o.file_count, o.file_size, o.patient_age, o.patient_sex, o.patient_phone, o.sq_doctor)
    IS DISTINCT FROM (n.is_del, n.hospital_code, n.modality, n.study_desc, n.patient_type, n.parts_count,
          n.study_datetime, n.create_time, n.file_count, n.file_size, n.patient_age, n.patient_sex, n.patient_phone,
          n.sq_doctor)
$$;
--> statement-breakpoint
-- As 0035's, with the facts table last (the counters' row locks stay in one order).
CREATE OR REPLACE FUNCTION stat_apply(o_s study, o_rs report[], n_s study, n_rs report[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE z text := stat_zone();
BEGIN
  INSERT INTO stat_study_day AS t (basis, day, hospital_code, modality, studies, images, bytes)
  SELECT f.basis, f.day, f.hospital_code, f.modality, sum(f.studies), sum(f.images), sum(f.bytes)
  FROM (SELECT * FROM stat_study_facts(o_s, z, -1) UNION ALL SELECT * FROM stat_study_facts(n_s, z, 1)) f
  GROUP BY 1, 2, 3, 4
  HAVING sum(f.studies) <> 0 OR sum(f.images) <> 0 OR sum(f.bytes) <> 0
  ORDER BY 3, 1, 2, 4
  ON CONFLICT (hospital_code, basis, day, modality) DO UPDATE
    SET studies = t.studies + excluded.studies, images = t.images + excluded.images, bytes = t.bytes + excluded.bytes;
  INSERT INTO stat_report_day AS t
    (stage, day, hospital_code, doctor, modality, patient_type, reports, parts, positive, negative, critical)
  SELECT f.stage, f.day, f.hospital_code, f.doctor, f.modality, f.patient_type,
         sum(f.reports), sum(f.parts), sum(f.positive), sum(f.negative), sum(f.critical)
  FROM (SELECT f.* FROM unnest(o_rs) r CROSS JOIN LATERAL stat_report_facts(r, o_s, z, -1) f
        UNION ALL SELECT f.* FROM unnest(n_rs) r CROSS JOIN LATERAL stat_report_facts(r, n_s, z, 1) f) f
  GROUP BY 1, 2, 3, 4, 5, 6
  HAVING sum(f.reports) <> 0 OR sum(f.parts) <> 0 OR sum(f.positive) <> 0 OR sum(f.negative) <> 0 OR sum(f.critical) <> 0
  ORDER BY 3, 1, 2, 4, 5, 6
  ON CONFLICT (hospital_code, stage, day, doctor, modality, patient_type) DO UPDATE
    SET reports = t.reports + excluded.reports, parts = t.parts + excluded.parts, positive = t.positive + excluded.positive,
        negative = t.negative + excluded.negative, critical = t.critical + excluded.critical;
  INSERT INTO stat_part_day AS t (stage, day, hospital_code, study_desc, modality, patient_type, reports, parts)
  SELECT f.stage, f.day, f.hospital_code, f.study_desc, f.modality, f.patient_type, sum(f.reports), sum(f.parts)
  FROM (SELECT f.* FROM unnest(o_rs) r CROSS JOIN LATERAL stat_part_facts(r, o_s, z, -1) f
        UNION ALL SELECT f.* FROM unnest(n_rs) r CROSS JOIN LATERAL stat_part_facts(r, n_s, z, 1) f) f
  GROUP BY 1, 2, 3, 4, 5, 6
  HAVING sum(f.reports) <> 0 OR sum(f.parts) <> 0
  ORDER BY 3, 1, 2, 4, 5, 6
  ON CONFLICT (hospital_code, stage, day, study_desc, modality, patient_type) DO UPDATE
    SET reports = t.reports + excluded.reports, parts = t.parts + excluded.parts;
  INSERT INTO stat_month_day AS t (basis, day, hospital_code, modality, study_desc, patient_type, studies, parts)
  SELECT f.basis, f.day, f.hospital_code, f.modality, f.study_desc, f.patient_type, sum(f.studies), sum(f.parts)
  FROM (SELECT f.* FROM unnest(o_rs) r CROSS JOIN LATERAL stat_month_facts(r, o_s, z, -1) f
        UNION ALL SELECT f.* FROM unnest(n_rs) r CROSS JOIN LATERAL stat_month_facts(r, n_s, z, 1) f) f
  GROUP BY 1, 2, 3, 4, 5, 6
  HAVING sum(f.studies) <> 0 OR sum(f.parts) <> 0
  ORDER BY 3, 1, 2, 4, 5, 6
  ON CONFLICT (hospital_code, basis, day, modality, study_desc, patient_type) DO UPDATE
    SET studies = t.studies + excluded.studies, parts = t.parts + excluded.parts;
  INSERT INTO stat_attr_day AS t (basis, day, hospital_code, attr, value, studies)
  SELECT f.basis, f.day, f.hospital_code, f.attr, f.value, sum(f.studies)
  FROM (SELECT * FROM stat_attr_facts(o_s, z, -1) UNION ALL SELECT * FROM stat_attr_facts(n_s, z, 1)) f
  GROUP BY 1, 2, 3, 4, 5
  HAVING sum(f.studies) <> 0
  ORDER BY 3, 1, 2, 4, 5
  ON CONFLICT (hospital_code, basis, day, attr, value) DO UPDATE SET studies = t.studies + excluded.studies;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_rollup_rebuild(p_zone text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM stat_study_day;
  DELETE FROM stat_report_day;
  DELETE FROM stat_part_day;
  DELETE FROM stat_month_day;
  DELETE FROM stat_attr_day;
  INSERT INTO stat_rollup_zone (id, zone) VALUES (1, p_zone) ON CONFLICT (id) DO UPDATE SET zone = excluded.zone;
  INSERT INTO stat_study_day (basis, day, hospital_code, modality, studies, images, bytes)
  SELECT f.basis, f.day, f.hospital_code, f.modality, sum(f.studies), sum(f.images), sum(f.bytes)
  FROM study s CROSS JOIN LATERAL stat_study_facts(s, p_zone, 1) f
  GROUP BY 1, 2, 3, 4;
  INSERT INTO stat_report_day
    (stage, day, hospital_code, doctor, modality, patient_type, reports, parts, positive, negative, critical)
  SELECT f.stage, f.day, f.hospital_code, f.doctor, f.modality, f.patient_type,
         sum(f.reports), sum(f.parts), sum(f.positive), sum(f.negative), sum(f.critical)
  FROM report r JOIN study s ON s.pk = r.study_pk CROSS JOIN LATERAL stat_report_facts(r, s, p_zone, 1) f
  GROUP BY 1, 2, 3, 4, 5, 6;
  INSERT INTO stat_part_day (stage, day, hospital_code, study_desc, modality, patient_type, reports, parts)
  SELECT f.stage, f.day, f.hospital_code, f.study_desc, f.modality, f.patient_type, sum(f.reports), sum(f.parts)
  FROM report r JOIN study s ON s.pk = r.study_pk CROSS JOIN LATERAL stat_part_facts(r, s, p_zone, 1) f
  GROUP BY 1, 2, 3, 4, 5, 6;
  INSERT INTO stat_month_day (basis, day, hospital_code, modality, study_desc, patient_type, studies, parts)
  SELECT f.basis, f.day, f.hospital_code, f.modality, f.study_desc, f.patient_type, sum(f.studies), sum(f.parts)
  FROM report r JOIN study s ON s.pk = r.study_pk CROSS JOIN LATERAL stat_month_facts(r, s, p_zone, 1) f
  GROUP BY 1, 2, 3, 4, 5, 6;
  INSERT INTO stat_attr_day (basis, day, hospital_code, attr, value, studies)
  SELECT f.basis, f.day, f.hospital_code, f.attr, f.value, sum(f.studies)
  FROM study s CROSS JOIN LATERAL stat_attr_facts(s, p_zone, 1) f
  GROUP BY 1, 2, 3, 4, 5;
END $$;
--> statement-breakpoint
-- The new table's backfill, in the zone the other counts are in. Writes to study wait from here to the commit: one
-- committed before the lock is in the backfill's snapshot, one after it runs the new stat_apply (a write between
-- the two, counted by neither, is what the lock rules out on a server still running the old build).
LOCK TABLE study IN SHARE MODE;
--> statement-breakpoint
INSERT INTO stat_attr_day (basis, day, hospital_code, attr, value, studies)
SELECT f.basis, f.day, f.hospital_code, f.attr, f.value, sum(f.studies)
FROM study s CROSS JOIN LATERAL stat_attr_facts(s, stat_zone(), 1) f
GROUP BY 1, 2, 3, 4, 5;
