CREATE TABLE "stat_month_day" (
	"basis" varchar(6) NOT NULL,
	"day" date NOT NULL,
	"hospital_code" varchar(32) NOT NULL,
	"modality" varchar(16) NOT NULL,
	"study_desc" varchar(512) NOT NULL,
	"patient_type" smallint NOT NULL,
	"studies" integer DEFAULT 0 NOT NULL,
	"parts" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_month_day_hospital_code_basis_day_modality_study_desc_patient_type_pk" PRIMARY KEY("hospital_code","basis","day","modality","study_desc","patient_type")
);
--> statement-breakpoint
CREATE TABLE "stat_part_day" (
	"stage" varchar(1) NOT NULL,
	"day" date NOT NULL,
	"hospital_code" varchar(32) NOT NULL,
	"study_desc" varchar(512) NOT NULL,
	"modality" varchar(16) NOT NULL,
	"patient_type" smallint NOT NULL,
	"reports" integer DEFAULT 0 NOT NULL,
	"parts" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_part_day_hospital_code_stage_day_study_desc_modality_patient_type_pk" PRIMARY KEY("hospital_code","stage","day","study_desc","modality","patient_type")
);
--> statement-breakpoint
CREATE TABLE "stat_report_day" (
	"stage" varchar(1) NOT NULL,
	"day" date NOT NULL,
	"hospital_code" varchar(32) NOT NULL,
	"doctor" varchar(64) NOT NULL,
	"modality" varchar(16) NOT NULL,
	"patient_type" smallint NOT NULL,
	"reports" integer DEFAULT 0 NOT NULL,
	"parts" bigint DEFAULT 0 NOT NULL,
	"positive" integer DEFAULT 0 NOT NULL,
	"negative" integer DEFAULT 0 NOT NULL,
	"critical" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_report_day_hospital_code_stage_day_doctor_modality_patient_type_pk" PRIMARY KEY("hospital_code","stage","day","doctor","modality","patient_type")
);
--> statement-breakpoint
CREATE TABLE "stat_rollup_zone" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"zone" varchar(64) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stat_study_day" (
	"basis" varchar(1) NOT NULL,
	"day" date NOT NULL,
	"hospital_code" varchar(32) NOT NULL,
	"modality" varchar(16) NOT NULL,
	"studies" integer DEFAULT 0 NOT NULL,
	"images" bigint DEFAULT 0 NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_study_day_hospital_code_basis_day_modality_pk" PRIMARY KEY("hospital_code","basis","day","modality")
);
--> statement-breakpoint
CREATE INDEX "stat_month_day_day_idx" ON "stat_month_day" USING btree ("day");--> statement-breakpoint
CREATE INDEX "stat_part_day_day_idx" ON "stat_part_day" USING btree ("day");--> statement-breakpoint
CREATE INDEX "stat_report_day_day_idx" ON "stat_report_day" USING btree ("day");--> statement-breakpoint
CREATE INDEX "stat_study_day_day_idx" ON "stat_study_day" USING btree ("day");--> statement-breakpoint
-- What each study and report adds to the counts (issue 39). One definition, used by the triggers (old row
-- with sign -1, new row with +1) and by the rebuild; days are calendar days in zone z.
CREATE FUNCTION stat_study_facts(s study, z text, sign int)
RETURNS TABLE (basis varchar, day date, hospital_code varchar, modality varchar, studies int, images bigint, bytes bigint)
LANGUAGE sql STABLE AS $$
  SELECT b.basis::varchar, (b.t AT TIME ZONE z)::date, (s).hospital_code, (s).modality,
         sign, sign * (s).file_count::bigint, sign * (s).file_size
  FROM (VALUES ('s', (s).study_datetime), ('c', (s).create_time)) b (basis, t)
  WHERE (s).pk IS NOT NULL AND (s).is_del = 0 AND b.t IS NOT NULL
$$;
--> statement-breakpoint
CREATE FUNCTION stat_report_facts(r report, s study, z text, sign int)
RETURNS TABLE (stage varchar, day date, hospital_code varchar, doctor varchar, modality varchar, patient_type smallint,
               reports int, parts bigint, positive int, negative int, critical int)
LANGUAGE sql STABLE AS $$
  SELECT st.stage::varchar, (st.t AT TIME ZONE z)::date, (s).hospital_code, st.doctor, (s).modality,
         coalesce((s).patient_type, 0)::smallint, sign, sign * (s).parts_count::bigint,
         sign * st.marks * ((r).rpt_good_status IS NOT DISTINCT FROM 2)::int,
         sign * st.marks * ((r).rpt_good_status IS NOT DISTINCT FROM 1)::int,
         sign * st.marks * ((r).is_critical = 1)::int
  FROM (VALUES ('c', (r).report_datetime, (r).report_doctor, (r).rpt_status >= 1, 1),
               ('s', (r).sh_datetime, (r).sh_doctor, (r).rpt_status = 2, 0)) st (stage, t, doctor, done, marks)
  WHERE (r).rpt_pk IS NOT NULL AND (s).pk IS NOT NULL AND (s).is_del = 0 AND st.done AND st.t IS NOT NULL
$$;
--> statement-breakpoint
CREATE FUNCTION stat_part_facts(r report, s study, z text, sign int)
RETURNS TABLE (stage varchar, day date, hospital_code varchar, study_desc varchar, modality varchar, patient_type smallint,
               reports int, parts bigint)
LANGUAGE sql STABLE AS $$
  SELECT f.stage, f.day, f.hospital_code, (s).study_desc, f.modality, f.patient_type, f.reports, f.parts
  FROM stat_report_facts(r, s, z, sign) f
  WHERE f.doctor <> ''
$$;
--> statement-breakpoint
CREATE FUNCTION stat_month_facts(r report, s study, z text, sign int)
RETURNS TABLE (basis varchar, day date, hospital_code varchar, modality varchar, study_desc varchar, patient_type smallint,
               studies int, parts bigint)
LANGUAGE sql STABLE AS $$
  SELECT b.basis::varchar, (b.t AT TIME ZONE z)::date, (s).hospital_code, (s).modality, (s).study_desc,
         coalesce((s).patient_type, 0)::smallint, sign, sign * (s).parts_count::bigint
  FROM (VALUES ('study', (s).study_datetime, true), ('report', (r).report_datetime, (r).rpt_status >= 1),
               ('audit', (r).sh_datetime, (r).rpt_status = 2)) b (basis, t, done)
  WHERE (r).rpt_pk IS NOT NULL AND (s).pk IS NOT NULL AND (s).is_del = 0 AND (r).rpt_position = 1
    AND b.done AND b.t IS NOT NULL
$$;
--> statement-breakpoint
CREATE FUNCTION stat_zone() RETURNS text LANGUAGE sql STABLE AS $$
  SELECT zone FROM stat_rollup_zone WHERE id = 1
$$;
--> statement-breakpoint
-- A study and its reports counted as o_s, o_rs are now n_s, n_rs: the difference, applied. Keys in order, so
-- writers take the counters' row locks in one order.
CREATE FUNCTION stat_apply(o_s study, o_rs report[], n_s study, n_rs report[]) RETURNS void LANGUAGE plpgsql AS $$
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
END $$;
--> statement-breakpoint
-- A study, with its reports, as counted, from its first change in a statement to the statement's end. One
-- statement may change a report and its study both (the report writes set the body part): the counts move
-- once, from the study as it was before the statement to the study as it is after, whatever the order.
CREATE TABLE stat_pending (
  xid bigint NOT NULL,
  study_pk bigint NOT NULL,
  study jsonb,
  reports jsonb NOT NULL,
  PRIMARY KEY (xid, study_pk)
);
--> statement-breakpoint
-- The study's row stays locked (as an update locks it) until commit: no other writer changes the study or its
-- reports between the hold and the settle, where read committed would let the settle see their commit.
CREATE FUNCTION stat_hold(p bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM study WHERE pk = p FOR NO KEY UPDATE;
  INSERT INTO stat_pending (xid, study_pk, study, reports)
  SELECT txid_current(), p, (SELECT to_jsonb(s) FROM study s WHERE s.pk = p),
         (SELECT coalesce(jsonb_agg(to_jsonb(r)), '[]'::jsonb) FROM report r WHERE r.study_pk = p)
  ON CONFLICT (xid, study_pk) DO NOTHING;
END $$;
--> statement-breakpoint
CREATE FUNCTION stat_settle(p bigint) RETURNS void LANGUAGE plpgsql AS $$
DECLARE held stat_pending; n study;
BEGIN
  DELETE FROM stat_pending WHERE xid = txid_current() AND study_pk = p RETURNING * INTO held;
  IF NOT FOUND THEN RETURN; END IF;
  SELECT * INTO n FROM study WHERE pk = p;
  PERFORM stat_apply(jsonb_populate_record(NULL::study, held.study),
                     ARRAY(SELECT jsonb_populate_recordset(NULL::report, held.reports)),
                     n, ARRAY(SELECT r FROM report r WHERE r.study_pk = p));
END $$;
--> statement-breakpoint
-- Only the columns the counts read wake the triggers (a report's text saved again does not).
CREATE FUNCTION stat_report_counted(o report, n report) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT (o.study_pk, o.rpt_position, o.rpt_status, o.rpt_good_status, o.is_critical, o.report_doctor,
          o.report_datetime, o.sh_doctor, o.sh_datetime)
    IS DISTINCT FROM (n.study_pk, n.rpt_position, n.rpt_status, n.rpt_good_status, n.is_critical, n.report_doctor,
          n.report_datetime, n.sh_doctor, n.sh_datetime)
$$;
--> statement-breakpoint
CREATE FUNCTION stat_study_counted(o study, n study) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT (o.is_del, o.hospital_code, o.modality, o.study_desc, o.patient_type, o.parts_count, o.study_datetime,
          o.create_time, o.file_count, o.file_size)
    IS DISTINCT FROM (n.is_del, n.hospital_code, n.modality, n.study_desc, n.patient_type, n.parts_count,
          n.study_datetime, n.create_time, n.file_count, n.file_size)
$$;
--> statement-breakpoint
CREATE FUNCTION stat_report_hold() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM stat_hold(OLD.study_pk); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM stat_hold(NEW.study_pk); RETURN NEW; END IF;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE FUNCTION stat_report_settle() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM stat_settle(OLD.study_pk); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM stat_settle(NEW.study_pk); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION stat_study_hold() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN PERFORM stat_hold(OLD.pk); RETURN OLD; END IF;
  PERFORM stat_hold(NEW.pk);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE FUNCTION stat_study_settle() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM stat_settle(CASE WHEN TG_OP = 'DELETE' THEN OLD.pk ELSE NEW.pk END);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Every count again from the tables, with days in zone p_zone: the backfill, a change of TIME_ZONE, a TRUNCATE.
CREATE FUNCTION stat_rollup_rebuild(p_zone text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM stat_study_day;
  DELETE FROM stat_report_day;
  DELETE FROM stat_part_day;
  DELETE FROM stat_month_day;
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
END $$;
--> statement-breakpoint
CREATE FUNCTION stat_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM stat_rollup_rebuild(stat_zone());
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stat_report_hold BEFORE INSERT OR DELETE ON report FOR EACH ROW EXECUTE FUNCTION stat_report_hold();
--> statement-breakpoint
CREATE TRIGGER stat_report_hold_update BEFORE UPDATE ON report FOR EACH ROW
  WHEN (stat_report_counted(OLD, NEW)) EXECUTE FUNCTION stat_report_hold();
--> statement-breakpoint
CREATE TRIGGER stat_report_settle AFTER INSERT OR DELETE ON report FOR EACH ROW EXECUTE FUNCTION stat_report_settle();
--> statement-breakpoint
CREATE TRIGGER stat_report_settle_update AFTER UPDATE ON report FOR EACH ROW
  WHEN (stat_report_counted(OLD, NEW)) EXECUTE FUNCTION stat_report_settle();
--> statement-breakpoint
CREATE TRIGGER stat_study_hold BEFORE INSERT OR DELETE ON study FOR EACH ROW EXECUTE FUNCTION stat_study_hold();
--> statement-breakpoint
CREATE TRIGGER stat_study_hold_update BEFORE UPDATE ON study FOR EACH ROW
  WHEN (stat_study_counted(OLD, NEW)) EXECUTE FUNCTION stat_study_hold();
--> statement-breakpoint
CREATE TRIGGER stat_study_settle AFTER INSERT OR DELETE ON study FOR EACH ROW EXECUTE FUNCTION stat_study_settle();
--> statement-breakpoint
CREATE TRIGGER stat_study_settle_update AFTER UPDATE ON study FOR EACH ROW
  WHEN (stat_study_counted(OLD, NEW)) EXECUTE FUNCTION stat_study_settle();
--> statement-breakpoint
CREATE TRIGGER stat_study_truncated AFTER TRUNCATE ON study FOR EACH STATEMENT EXECUTE FUNCTION stat_truncated();
--> statement-breakpoint
CREATE TRIGGER stat_report_truncated AFTER TRUNCATE ON report FOR EACH STATEMENT EXECUTE FUNCTION stat_truncated();
--> statement-breakpoint
-- The backfill, in the session's zone: the server's connections are in the display zone (client.ts).
SELECT stat_rollup_rebuild(current_setting('TimeZone'));
