ALTER TABLE "study" ADD COLUMN "image_grade" smallint;--> statement-breakpoint
-- Film quality from the counts (issue 39): a study's grade is the image grade of its latest graded quality
-- record made in its hospital, kept on the study row so it is one more fact of stat_attr_day. The study is closed
-- to reads and writes by the column above until this migration commits (its backfill counts every study).
LOCK TABLE study IN ACCESS EXCLUSIVE MODE;
--> statement-breakpoint
CREATE FUNCTION stat_latest_grade(p_iuid varchar, p_hospital varchar) RETURNS smallint LANGUAGE sql STABLE AS $$
  SELECT image_quality FROM quality_record
  WHERE study_iuid = p_iuid AND hospital_code = p_hospital AND image_quality IS NOT NULL
  ORDER BY create_time DESC, pk DESC LIMIT 1
$$;
--> statement-breakpoint
-- The study's row is locked first and its grade read in the next statement (a new snapshot under read committed):
-- a record another writer committed while this one waited is seen, whichever of the two is the latest.
CREATE FUNCTION stat_regrade(p_iuid varchar, p_hospital varchar) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM study WHERE study_iuid = p_iuid AND hospital_code = p_hospital FOR NO KEY UPDATE;
  UPDATE study SET image_grade = stat_latest_grade(p_iuid, p_hospital)
  WHERE study_iuid = p_iuid AND hospital_code = p_hospital
    AND image_grade IS DISTINCT FROM stat_latest_grade(p_iuid, p_hospital);
END $$;
--> statement-breakpoint
CREATE FUNCTION stat_quality_graded() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM stat_regrade(OLD.study_iuid, OLD.hospital_code); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM stat_regrade(NEW.study_iuid, NEW.hospital_code); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A study arriving, or moving to another hospital, takes the grade of that hospital's records.
CREATE FUNCTION stat_study_grade() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.image_grade := stat_latest_grade(NEW.study_iuid, NEW.hospital_code);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER stat_quality_graded AFTER INSERT OR UPDATE OR DELETE ON quality_record
  FOR EACH ROW EXECUTE FUNCTION stat_quality_graded();
--> statement-breakpoint
-- Named to run before stat_study_hold (triggers of a kind run in name order), whose condition sees the grade.
CREATE TRIGGER stat_grade_of_study BEFORE INSERT OR UPDATE OF hospital_code, study_iuid ON study
  FOR EACH ROW EXECUTE FUNCTION stat_study_grade();
--> statement-breakpoint
-- The grade of every study that has a graded record, in one pass (the backfill; a bulk load that went without the
-- triggers, whose studies start ungraded). It does not rebuild the counts: stat_rollup_rebuild does, or, before
-- stat_study_counted names the grade, nothing has to.
CREATE FUNCTION stat_regrade_all() RETURNS void LANGUAGE sql AS $$
  UPDATE study s SET image_grade = g.grade
  FROM (SELECT DISTINCT ON (study_iuid, hospital_code) study_iuid, hospital_code, image_quality AS grade
        FROM quality_record WHERE image_quality IS NOT NULL
        ORDER BY study_iuid, hospital_code, create_time DESC, pk DESC) g
  WHERE s.study_iuid = g.study_iuid AND s.hospital_code = g.hospital_code
    AND s.image_grade IS DISTINCT FROM g.grade;
$$;
--> statement-breakpoint
SELECT stat_regrade_all();
--> statement-breakpoint
-- As 0038's, with the grade and the study's modality as it is written (film quality groups by both).
CREATE OR REPLACE FUNCTION stat_attr_facts(s study, z text, sign int)
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
    ('sqdoc', (s).sq_doctor),
    ('grade', coalesce((s).image_grade::text, '') || '|' || (s).modality)) a (attr, value)
  WHERE (s).pk IS NOT NULL AND (s).is_del = 0 AND b.t IS NOT NULL AND (b.basis = 's' OR a.attr IN ('hour', 'age'))
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_study_counted(o study, n study) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT (o.is_del, o.hospital_code, o.modality, o.study_desc, o.patient_type, o.parts_count, o.study_datetime,
          o.create_time, o.file_count, o.file_size, o.patient_age, o.patient_sex, o.patient_phone, o.sq_doctor,
          o.image_grade)
    IS DISTINCT FROM (n.is_del, n.hospital_code, n.modality, n.study_desc, n.patient_type, n.parts_count,
          n.study_datetime, n.create_time, n.file_count, n.file_size, n.patient_age, n.patient_sex, n.patient_phone,
          n.sq_doctor, n.image_grade)
$$;
--> statement-breakpoint
-- The grade counts' backfill, in the zone the other counts are in.
INSERT INTO stat_attr_day (basis, day, hospital_code, attr, value, studies)
SELECT f.basis, f.day, f.hospital_code, f.attr, f.value, sum(f.studies)
FROM study s CROSS JOIN LATERAL stat_attr_facts(s, stat_zone(), 1) f
WHERE f.attr = 'grade'
GROUP BY 1, 2, 3, 4, 5;
