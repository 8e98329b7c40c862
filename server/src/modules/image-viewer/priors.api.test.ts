import { beforeAll, describe, expect, it } from 'vitest';
import type { PriorStudy } from '@shared/schemas/image-viewer';
import { call } from '../../../../tests/support/api-client';
import { buildDicom, uid, zipOf } from '../../../../tests/support/dicom-builder';
import { ctSpec as ct, useImagePlatform } from '../../../../tests/support/image-platform';
import { resultOf, uploadDicom } from '../../../../tests/support/image-upload';

const t = useImagePlatform();
const NOW = uid(21);
const PRIOR_CT = uid(22);
const PRIOR_MR = uid(23);
const ALL_DELETED = uid(24);
const OTHER_PATIENT = uid(25);
const OTHER_HOSPITAL = uid(26);

async function upload(study: string, hospital_code: string, over: Parameters<typeof ct>[0]) {
  const data = buildDicom(ct({ study, series: `${study}.1`, sop: `${study}.1.1`, ...over }));
  const up = await uploadDicom(t.p.app, {
    token: t.tok.admin,
    files: [{ name: 'a.zip', data: await zipOf([{ name: 'IM1', data }]) }],
    hospital_code,
  });
  expect(resultOf(up).data.uploaded).toBe(1);
}

beforeAll(async () => {
  await upload(NOW, 'H001', { n: 1, studyDate: '20261120' });
  await upload(PRIOR_CT, 'H001', { n: 1, studyDate: '20250310' });
  await upload(PRIOR_MR, 'H001', { n: 1, studyDate: '20260105', modality: 'MR' });
  await upload(ALL_DELETED, 'H001', { n: 1, studyDate: '20240101' });
  await upload(OTHER_PATIENT, 'H001', { n: 1, studyDate: '20240101', patientId: 'PT0002' });
  await upload(OTHER_HOSPITAL, 'H002', { n: 1, studyDate: '20240101' });
  const del = await call(t.p.app, 'POST', '/wado/deleteImage', {
    token: t.tok.admin,
    json: { study_iuid: ALL_DELETED, sop_iuids: `${ALL_DELETED}.1.1` },
  });
  expect(del.status).toBe(200);
});

const priors = (token: string, studyUID = NOW) =>
  call(t.p.app, 'GET', `/wado/priorStudies?studyUID=${studyUID}`, { token });

describe('GET /wado/priorStudies (the patient’s other studies, for the viewer)', () => {
  it('lists the same patient’s studies of the hospital with live images, newest first, not the study itself', async () => {
    const r = await priors(t.tok.doctor);
    expect(r.status).toBe(200);
    const rows = r.body.data as PriorStudy[];
    expect(rows.map((s) => [s.study_iuid, s.modality, s.images])).toEqual([
      [PRIOR_MR, 'MR', 1],
      [PRIOR_CT, 'CT', 1],
    ]);
    expect(rows[1]!.study_datetime.slice(0, 4)).toBe('2025');
  });

  it('another hospital’s study is not found; its own patient there lists nothing of H001', async () => {
    expect((await priors(t.tok.doctor2)).status).toBe(404);
    const r = await priors(t.tok.admin, OTHER_HOSPITAL);
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual([]);
  });

  it('needs a session and a valid UID', async () => {
    expect((await call(t.p.app, 'GET', `/wado/priorStudies?studyUID=${NOW}`, {})).status).toBe(401);
    const bad = await call(t.p.app, 'GET', '/wado/priorStudies?studyUID=abc<', { token: t.tok.doctor, lang: 'zh-CN' });
    expect(bad.status).toBe(400);
  });
});
