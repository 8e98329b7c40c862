import { beforeAll, describe, expect, it } from 'vitest';
import { instance, series, study } from '../../platform/db/schema';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';
import { Dataset } from './dimse';
import { findQr, QR_MAX_MATCHES } from './qr-find';
import { QueryRefused, type Model } from './qr-query';
import { retrieveItems } from './qr-retrieve';
import { IMPLICIT_LE } from './syntaxes';

/**
 * The Query/Retrieve database side on PGlite and PostgreSQL (dcmtk and Orthanc run it end to end in
 * qr-peers.test.ts): what each level matches and counts, the hospital scope, the cap, what a retrieve names.
 * Hospitals H034 and H035 have no demo studies.
 */
const t = useTestPlatform();
const HOSP = 'H034';
const uid = (...n: number[]) => ['1.2.826.0.1.3680043.8.498.35', ...n].join('.');
const CT = '1.2.840.10008.5.1.4.1.1.2';
const SC = '1.2.840.10008.5.1.4.1.1.7';

type StudyRow = typeof study.$inferInsert;
/** A study with its series (modality, instance count, SOP class) and instances, all live unless said. */
async function addStudy(n: number, o: Partial<StudyRow>, seriesOf: [string, number, string?][], hospital = HOSP) {
  const [s] = await t.p.deps.db
    .insert(study)
    .values({
      study_iuid: uid(n),
      hospital_code: hospital,
      patient_id: `Q${n}`,
      patient_name: 'Test Patient',
      modality: seriesOf[0]?.[0] ?? 'CT',
      study_desc_value: [],
      study_datetime: new Date(2026, 5, 1, 8, 0),
      has_dicom_file: seriesOf.length ? 1 : 0,
      ...o,
    })
    .returning({ pk: study.pk });
  for (const [i, [modality, count, sopClass]] of seriesOf.entries()) {
    const [se] = await t.p.deps.db
      .insert(series)
      .values({ study_pk: s!.pk, series_iuid: uid(n, i + 1), modality, series_number: i + 1 })
      .returning({ pk: series.pk });
    await t.p.deps.db.insert(instance).values(
      Array.from({ length: count }, (_, j) => ({
        study_pk: s!.pk,
        series_pk: se!.pk,
        sop_iuid: uid(n, i + 1, j + 1),
        sop_class_uid: sopClass ?? CT,
        instance_number: j + 1,
        transfer_syntax: IMPLICIT_LE,
        size_bytes: 10,
        storage_key: `${uid(n)}/${uid(n, i + 1)}/${uid(n, i + 1, j + 1)}.dcm`,
        del_image: n === 6 ? 1 : 0,
      })),
    );
  }
}

const identifier = (level: string, keys: Record<string, unknown>) =>
  new Dataset(
    { SpecificCharacterSet: 'ISO_IR 192', QueryRetrieveLevel: level, ...keys },
    IMPLICIT_LE,
  ).getDenaturalizedDataset();
async function find(level: string, keys: Record<string, unknown>, model: Model = 'study', hospital = HOSP) {
  const scope = { hospitalCode: hospital, aet: 'RXPACS' };
  const found = await findQr(t.p.deps.db, scope, model, identifier(level, keys), IMPLICIT_LE);
  return {
    pendingStatus: found.pendingStatus,
    answers: found.matches.map((m) => new Dataset(m, IMPLICIT_LE).getElements() as Record<string, unknown>),
  };
}
const ids = async (level: string, keys: Record<string, unknown>, model: Model = 'study') =>
  (await find(level, { PatientID: '', ...keys }, model)).answers.map((a) => a.PatientID);

beforeAll(async () => {
  await addStudy(
    1,
    {
      patient_name: '王五',
      patient_pn: 'Wang^Wu=王^五=wang^wu',
      accession_no: 'A_1%',
      study_desc: 'Chest CT',
      sq_doctor: 'Li Si',
      study_datetime: new Date(2026, 5, 1, 8, 30),
    },
    [
      ['CT', 3],
      ['OT', 1, SC],
    ],
  );
  await addStudy(2, { patient_id: 'Q1', study_datetime: new Date(2026, 5, 2, 23, 59) }, [['MR', 2]]);
  await addStudy(3, { study_datetime: new Date(2026, 4, 20, 12, 0) }, [['DX', 1]]);
  await addStudy(4, {}, []); // registered, no images yet
  await addStudy(5, { is_del: 1 }, [['CT', 1]]);
  await addStudy(6, {}, [['CT', 2]]); // every image deleted
  await addStudy(7, { patient_name: '王五' }, [['CT', 1]], 'H035');
});

describe('Query/Retrieve C-FIND over the archive', () => {
  it('answers live studies with live images of the caller hospital only, newest first', async () => {
    expect(await ids('STUDY', {})).toEqual(['Q1', 'Q1', 'Q3']);
    expect((await find('STUDY', { PatientID: '' }, 'study', '')).answers).toEqual([]);
    expect(await ids('STUDY', { PatientID: 'Q7' })).toEqual([]);
    expect((await find('STUDY', { PatientID: 'Q7' }, 'study', 'H035')).answers).toHaveLength(1);
  });

  it('matches at STUDY level: dates, times, names in any group, UID lists, modalities, LIKE characters literally', async () => {
    expect(await ids('STUDY', { StudyDate: '20260601-' })).toEqual(['Q1', 'Q1']);
    expect(await ids('STUDY', { StudyDate: '20260601' })).toEqual(['Q1']);
    expect(await ids('STUDY', { StudyTime: '-0900' })).toEqual(['Q1']);
    expect(await ids('STUDY', { StudyTime: '12-2359' })).toEqual(['Q1', 'Q3']);
    expect(await ids('STUDY', { PatientName: '王^五' })).toEqual(['Q1']);
    expect(await ids('STUDY', { PatientName: 'WANG^W*' })).toEqual(['Q1']);
    expect(await ids('STUDY', { ReferringPhysicianName: 'li^*' })).toEqual(['Q1']);
    expect(await ids('STUDY', { StudyInstanceUID: [uid(1), uid(3), uid(7)] })).toEqual(['Q1', 'Q3']);
    expect(await ids('STUDY', { ModalitiesInStudy: ['MR', 'D?'] })).toEqual(['Q1', 'Q3']);
    expect(await ids('STUDY', { AccessionNumber: 'A_1%' })).toEqual(['Q1']);
    expect(await ids('STUDY', { AccessionNumber: 'AX1%' })).toEqual([]);
    expect(await ids('STUDY', { StudyDescription: 'chest*' })).toEqual(['Q1']);
  });

  it('counts per level: a study its series and images, a series its images, a patient its studies', async () => {
    const [s] = (
      await find('STUDY', {
        StudyInstanceUID: uid(1),
        ModalitiesInStudy: '',
        NumberOfStudyRelatedSeries: '',
        NumberOfStudyRelatedInstances: '',
        SOPClassesInStudy: '',
      })
    ).answers;
    expect(s).toMatchObject({
      ModalitiesInStudy: ['CT', 'OT'],
      NumberOfStudyRelatedSeries: 2,
      NumberOfStudyRelatedInstances: 4,
      SOPClassesInStudy: [CT, SC],
    });
    const series = await find('SERIES', {
      StudyInstanceUID: uid(1),
      Modality: 'c*',
      SeriesNumber: '',
      NumberOfSeriesRelatedInstances: '',
    });
    expect(series.answers).toEqual([
      expect.objectContaining({ SeriesInstanceUID: uid(1, 1), SeriesNumber: 1, NumberOfSeriesRelatedInstances: 3 }),
    ]);
    const patients = await find('PATIENT', { PatientID: 'Q?', NumberOfPatientRelatedStudies: '' }, 'patient');
    expect(patients.answers.map((p) => [p.PatientID, p.NumberOfPatientRelatedStudies])).toEqual([
      ['Q1', 2],
      ['Q3', 1],
    ]);
  });

  it('matches at IMAGE level by SOP class list and instance number', async () => {
    const images = await find('IMAGE', { StudyInstanceUID: uid(1), SOPClassUID: [SC], InstanceNumber: '' });
    expect(images.answers.map((i) => i.SOPInstanceUID)).toEqual([uid(1, 2, 1)]);
    const third = await find('IMAGE', { SeriesInstanceUID: uid(1, 1), InstanceNumber: '3' });
    expect(third.answers.map((i) => i.SOPInstanceUID)).toEqual([uid(1, 1, 3)]);
  });

  it('says 0xFF01 when a key it cannot match was given a value', async () => {
    expect((await find('STUDY', { PatientBirthDate: '19800101' })).pendingStatus).toBe(0xff01);
    expect((await find('STUDY', { PatientBirthDate: '' })).pendingStatus).toBe(0xff00);
  });

  it(`refuses more than ${QR_MAX_MATCHES} matches as Out of Resources (A700)`, async () => {
    const many = Array.from({ length: QR_MAX_MATCHES }, (_, i) => ({
      study_iuid: uid(9, i),
      hospital_code: 'H035',
      patient_id: `M${i}`,
      study_desc_value: [],
      study_datetime: new Date(2026, 0, 1),
    }));
    const made = await t.p.deps.db.insert(study).values(many).returning({ pk: study.pk });
    const [se] = await t.p.deps.db
      .insert(series)
      .values({ study_pk: made[0]!.pk, series_iuid: uid(9, 0, 1) })
      .returning({ pk: series.pk });
    await t.p.deps.db.insert(instance).values(
      made.map((m, i) => ({
        study_pk: m.pk,
        series_pk: se!.pk,
        sop_iuid: uid(9, 0, 1, i),
        size_bytes: 1,
        storage_key: `k${i}`,
      })),
    );
    const err = await find('STUDY', {}, 'study', 'H035').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(QueryRefused);
    expect(err).toMatchObject({ status: 0xa700 });
    // a narrower query still answers
    expect((await find('STUDY', { PatientID: '' }, 'study', HOSP)).answers).toHaveLength(3);
  });
});

describe('what a C-MOVE or C-GET names', () => {
  const items = async (level: string, keys: Record<string, unknown>, model: Model = 'study', hospital = HOSP) =>
    (await retrieveItems(t.p.deps.db, hospital, model, identifier(level, keys), IMPLICIT_LE)).map((i) => i.sop_iuid);
  const refused = (level: string, keys: Record<string, unknown>, model: Model = 'study') =>
    items(level, keys, model).then(
      () => null,
      (e: unknown): [number, string] => {
        if (e instanceof QueryRefused) return [e.status, e.comment];
        throw e;
      },
    );

  it('the live instances of the named studies, series, images or patient, of the caller hospital only', async () => {
    expect(await items('STUDY', { StudyInstanceUID: [uid(1), uid(7)] })).toEqual([
      uid(1, 1, 1),
      uid(1, 1, 2),
      uid(1, 1, 3),
      uid(1, 2, 1),
    ]);
    expect(await items('STUDY', { StudyInstanceUID: uid(6) })).toEqual([]);
    expect(await items('STUDY', { StudyInstanceUID: uid(7) })).toEqual([]);
    expect(await items('SERIES', { StudyInstanceUID: uid(1), SeriesInstanceUID: uid(1, 2) })).toEqual([uid(1, 2, 1)]);
    expect(await items('IMAGE', { SOPInstanceUID: [uid(1, 1, 2), uid(2, 1, 1)] })).toEqual([
      uid(1, 1, 2),
      uid(2, 1, 1),
    ]);
    expect(await items('PATIENT', { PatientID: 'Q1' }, 'patient')).toHaveLength(6);
    expect(await items('STUDY', { StudyInstanceUID: uid(1) }, 'study', '')).toEqual([]);
  });

  it("requires the level's unique key, without wildcards; one patient at a time", async () => {
    expect(await refused('STUDY', { PatientID: 'Q1' })).toEqual([
      0xa900,
      'StudyInstanceUID is required at STUDY level',
    ]);
    expect(await refused('SERIES', { StudyInstanceUID: uid(1) })).toEqual([
      0xa900,
      'SeriesInstanceUID is required at SERIES level',
    ]);
    expect((await refused('PATIENT', { PatientID: 'Q*' }, 'patient'))?.[0]).toBe(0xa900);
    expect((await refused('PATIENT', { PatientID: ['Q1', 'Q3'] }, 'patient'))?.[0]).toBe(0xa900);
    expect((await refused('PATIENT', { PatientID: 'Q1' }))?.[0]).toBe(0xa900);
  });
});
