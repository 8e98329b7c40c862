import pg from 'pg';

export interface WorklistData {
  studies: number;
  hospitals: number;
}

const sizeOf = async (c: pg.Client) =>
  ((await c.query('select pg_database_size(current_database())::float8 as b')).rows[0] as { b: number }).b;

/**
 * Loads `studies` studies with their position-1 reports over `hospitals` hospitals (H001 holds 4 of every
 * `hospitals` studies, the others one each from H002 on), 5 modalities, 2 years, 300k patients. Keeps
 * the data when `reuse` and the counts match. Prints the load time and the database's size.
 */
export async function loadWorklistData(url: string, want: WorklistData, reuse: boolean) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const [{ n }] = (await c.query('select count(*)::int as n from study')).rows as [{ n: number }];
    if (reuse && n === want.studies) {
      console.log(`reusing ${n.toLocaleString()} studies, database ${((await sizeOf(c)) / 2 ** 20).toFixed(0)} MiB`);
      return;
    }
    const t0 = performance.now();
    await withoutCountTriggers(c, () => insertAll(c, want));
    await c.query('vacuum analyze study');
    await c.query('vacuum analyze report');
    const secs = ((performance.now() - t0) / 1000).toFixed(1);
    const mib = ((await sizeOf(c)) / 2 ** 20).toFixed(0);
    console.log(`\nloaded ${want.studies.toLocaleString()} studies and reports in ${secs} s, database ${mib} MiB`);
  } finally {
    await c.end();
  }
}

/**
 * The statistics counts (issue 39) are kept by row triggers: fine for the platform's writes, slow for
 * millions of rows at once. A bulk load goes without them and rebuilds the counts once, in one grouped
 * pass, so the counts match the rows loaded (bench:stats reads them).
 */
async function withoutCountTriggers(c: pg.Client, load: () => Promise<void>) {
  const tables = ['study', 'report', 'quality_record'];
  for (const t of tables) await c.query(`alter table ${t} disable trigger user`);
  try {
    await load();
  } finally {
    for (const t of tables) await c.query(`alter table ${t} enable trigger user`);
  }
  const t0 = performance.now();
  await c.query('select stat_regrade_all()');
  await c.query('select stat_rollup_rebuild(stat_zone())');
  await c.query('vacuum analyze stat_study_day, stat_report_day, stat_part_day, stat_month_day, stat_attr_day');
  console.log(`\nstatistics counts rebuilt in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

async function insertAll(c: pg.Client, { studies: N, hospitals: H }: WorklistData) {
  await c.query('truncate study restart identity cascade');
  await c.query('truncate quality_record restart identity');
  await c.query(
    `insert into hospital (sn, code, name) select 'H' || lpad(i::text, 3, '0'), 'H' || lpad(i::text, 3, '0'), 'Hospital ' || i
     from generate_series(1, $1::int) i on conflict do nothing`,
    [H],
  );
  const chunk = 100_000;
  for (let from = 1; from <= N; from += chunk) {
    const to = Math.min(N, from + chunk - 1);
    await c.query(
      `insert into study (study_iuid, hospital_code, patient_id, patient_name, patient_sex, patient_age, patient_type,
         accession_no, modality, study_desc, study_datetime, create_time, card_no, patient_phone, department)
       select '1.2.826.0.1.3680043.10.' || g,
         case when g % $3 < 4 then 'H001' else 'H' || lpad((g % $3 - 2)::text, 3, '0') end,
         'P' || (g % 300000),
         (array['张','王','李','赵','刘','陈','杨','黄','周','吴'])[1 + g % 10] || (array['伟','芳','娜','敏','静','丽','强','磊','军','洋','勇','艳'])[1 + (g / 10) % 12] || (array['','华','明','超'])[1 + (g / 120) % 4],
         case when g % 2 = 0 then 'M' else 'F' end, (18 + g % 70) || 'Y', 1 + g % 6,
         'A' || g, (array['CT','CT','CT','DR','DR','DX','MR','MR','US','US'])[1 + (g / 7) % 10], 'study ' || (g % 40),
         now() - ((g * 37) % (730 * 1440)) * interval '1 minute',
         now() - ((g * 37) % (730 * 1440)) * interval '1 minute' + interval '5 minutes',
         '4401' || lpad((g % 300000)::text, 14, '0'), '138' || lpad((g % 300000)::text, 8, '0'), 'dept ' || (g % 8)
       from generate_series($1::int, $2::int) g`,
      [from, to, H],
    );
    process.stdout.write(`\rloading studies ${to.toLocaleString()} / ${N.toLocaleString()}`);
  }
  await c.query(
    `insert into report (study_pk, rpt_position, rpt_status, report_doctor, report_datetime)
     select pk, 1, (pk % 3)::smallint, case when pk % 3 > 0 then 'doctor' else '' end,
            case when pk % 3 > 0 then study_datetime + interval '1 hour' end from study`,
  );
  // quality control of one study in ten, a few graded twice (film quality reads the latest)
  await c.query(
    `insert into quality_record (hospital_code, study_iuid, image_quality, modality, create_time)
     select hospital_code, study_iuid, (1 + (pk / 10 + n) % 4)::smallint, modality, study_datetime + n * interval '1 day'
     from study, generate_series(1, 2) n where pk % 10 = 0 and (n = 1 or pk % 30 = 0)`,
  );
}
