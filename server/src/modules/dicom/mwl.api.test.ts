import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { study } from '../../platform/db/schema';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';
import { Dataset } from './dimse';
import { findWorklist, WORKLIST_MAX_MATCHES, WorklistRefused } from './mwl';
import { IMPLICIT_LE } from './syntaxes';

/**
 * The worklist's database side on PGlite and PostgreSQL (findscu runs it end to end in mwl-findscu.test.ts):
 * which studies are scheduled, the SQL matching, the cap. Hospital H003 has no demo studies.
 */
const t = useTestPlatform();
const HOSP = 'H003';
const uid = (n: number) => `1.2.826.0.1.3680043.8.498.32.${n}`;

const row = (n: number, o: Partial<typeof study.$inferInsert> = {}) => ({
  study_iuid: uid(n),
  hospital_code: HOSP,
  patient_id: `W${n}`,
  patient_name: '测试',
  modality: 'CT',
  study_desc_value: [],
  study_datetime: new Date(2026, 5, 1, 8, 0),
  ...o,
});
const query = (elements: Record<string, unknown>) => new Dataset(elements, IMPLICIT_LE);
const idsOf = async (elements: Record<string, unknown>, aet = 'CT1', hospital = HOSP) =>
  (await findWorklist(t.p.deps, query({ PatientID: '', ...elements }), aet, hospital)).map(
    (d) => d.getDenaturalizedDataset().toString('latin1').match(/W\d+/)?.[0],
  );

beforeAll(async () => {
  const [h] = await t.p.deps.db.select({ pk: study.pk }).from(study).where(eq(study.hospital_code, HOSP));
  if (h) throw new Error('H003 was expected to have no studies');
  await t.p.deps.db
    .insert(study)
    .values([
      row(1, { patient_name: 'Wang Wu', accession_no: 'A_1%' }),
      row(2, { modality: 'MR', study_datetime: new Date(2026, 5, 2, 23, 59) }),
      row(3, { has_dicom_file: 1, file_count: 2 }),
      row(4, { is_del: 1 }),
    ]);
});

describe('findWorklist', () => {
  it('answers the live imageless studies of the hospital only, earliest first', async () => {
    expect(await idsOf({ PatientID: '' })).toEqual(['W1', 'W2']);
    expect(await idsOf({ PatientID: '' }, 'CT1', 'H001')).not.toContain('W1');
    expect(await idsOf({ PatientID: '' }, 'CT1', '')).toEqual([]);
    expect(await findWorklist(t.p.deps, undefined, 'CT1', HOSP)).toEqual([]);
  });

  it('matches in SQL: dates (local day bounds), modality, names, ids with LIKE characters taken literally', async () => {
    const step = (o: Record<string, string>) => ({ PatientID: '', ScheduledProcedureStepSequence: [o] });
    expect(await idsOf(step({ ScheduledProcedureStepStartDate: '20260602' }))).toEqual(['W2']);
    expect(await idsOf(step({ ScheduledProcedureStepStartDate: '-20260601' }))).toEqual(['W1']);
    expect(await idsOf(step({ Modality: 'mr' }))).toEqual(['W2']);
    expect(await idsOf(step({ ScheduledStationAETitle: 'CT?' }))).toEqual(['W1', 'W2']);
    expect(await idsOf(step({ ScheduledStationAETitle: 'MR1' }))).toEqual([]);
    expect(await idsOf({ PatientName: [{ Alphabetic: 'WANG^w*' }] })).toEqual(['W1']);
    expect(await idsOf({ PatientName: [{ Alphabetic: '测*' }] })).toEqual(['W2']);
    expect(await idsOf({ AccessionNumber: 'A_1%' })).toEqual(['W1']);
    expect(await idsOf({ AccessionNumber: 'AX1%' })).toEqual([]);
    expect(await idsOf({ PatientID: 'W?' })).toEqual(['W1', 'W2']);
  });

  it(`refuses more than ${WORKLIST_MAX_MATCHES} matches as Out of Resources (A700), answers exactly the cap`, async () => {
    const many = Array.from({ length: WORKLIST_MAX_MATCHES - 2 }, (_, i) => row(100 + i, { modality: 'DX' }));
    await t.p.deps.db.insert(study).values(many);
    expect(await idsOf({ PatientID: '' })).toHaveLength(WORKLIST_MAX_MATCHES);
    await t.p.deps.db.insert(study).values(row(99, { modality: 'DX' }));
    const err = await findWorklist(t.p.deps, query({ PatientID: '' }), 'CT1', HOSP).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WorklistRefused);
    expect(err).toMatchObject({ status: 0xa700 });
    // a narrower query still answers
    expect(await idsOf({ PatientID: '', ScheduledProcedureStepSequence: [{ Modality: 'CT' }] })).toEqual(['W1']);
  });

  it('returns the keys asked: known ones with values, others empty, sequences without items', async () => {
    const [ds] = await findWorklist(
      t.p.deps,
      query({
        PatientID: 'W1',
        PatientWeight: '',
        ReferencedStudySequence: [],
        RequestingPhysician: [],
        ScheduledProcedureStepSequence: [{ Modality: '', ScheduledProcedureStepLocation: '' }],
      }),
      'CT1',
      HOSP,
    );
    const back = new Dataset(ds!.getDenaturalizedDataset(), IMPLICIT_LE).getElements() as Record<string, unknown>;
    expect(
      Object.keys(back)
        .filter((k) => !k.startsWith('_'))
        .sort(),
    ).toEqual([
      'PatientID',
      'PatientWeight',
      'ReferencedStudySequence',
      'RequestingPhysician',
      'ScheduledProcedureStepSequence',
    ]);
    expect(back.PatientID).toBe('W1');
    expect(back.ScheduledProcedureStepSequence).toMatchObject([{ Modality: 'CT', ScheduledProcedureStepLocation: '' }]);
    // the whole step when the sequence is asked empty
    const [whole] = await findWorklist(
      t.p.deps,
      query({ PatientID: 'W1', ScheduledProcedureStepSequence: [] }),
      'CT1',
      HOSP,
    );
    const step = (new Dataset(whole!.getDenaturalizedDataset(), IMPLICIT_LE).getElements() as Record<string, unknown>)
      .ScheduledProcedureStepSequence as Record<string, unknown>[];
    expect(step[0]).toMatchObject({
      Modality: 'CT',
      ScheduledStationAETitle: 'CT1',
      ScheduledProcedureStepStartDate: '20260601',
      ScheduledProcedureStepStartTime: '080000',
      ScheduledProcedureStepID: 'A_1%',
    });
  });

  it('a date key that is not a date is unable to process (C000)', async () => {
    const err = await findWorklist(
      t.p.deps,
      query({ ScheduledProcedureStepSequence: [{ ScheduledProcedureStepStartDate: '2026-06' }] }),
      'CT1',
      HOSP,
    ).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 0xc000 });
  });
});
