import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useImagePlatform } from '../../../../tests/support/image-platform';
import { seedDemoImages } from './demo-series';
import { parseInstance } from './parse';

const h = useImagePlatform();

describe('the demo chest CT', () => {
  it("attaches 24 readable 512 x 512 slices to H001's newest unreported chest CT, with its patient", async () => {
    expect(await seedDemoImages(h.p.deps)).toBe(24);
    const [s] = await h.rows<{ study_iuid: string; patient_name: string; file_count: number; rpt_status: number }>(sql`
      select s.study_iuid, s.patient_name, s.file_count, r.rpt_status from study s
      join report r on r.study_pk = s.pk and r.rpt_position = 1
      where s.file_count > 0 and s.hospital_code = 'H001'`);
    expect(s).toMatchObject({ file_count: 24, rpt_status: 0 });
    const [first] = await h.rows<{ storage_key: string; rows: number; cols: number }>(sql`
      select i.storage_key, i.rows, i.cols from instance i join series se on se.pk = i.series_pk
      where i.instance_number = 1 and se.study_pk = (select pk from study where study_iuid = ${s!.study_iuid})`);
    expect(first).toMatchObject({ rows: 512, cols: 512 });
    const got = await h.p.deps.images.get(first!.storage_key);
    const chunks: Buffer[] = [];
    for await (const c of got!.body as AsyncIterable<Buffer>) chunks.push(c);
    const meta = parseInstance(Buffer.concat(chunks));
    expect(meta.patient.patient_name).toBe(s!.patient_name);
    expect(meta.modality).toBe('CT');
    const jpeg = await h.p.app.request(
      `/wado?requestType=WADO&contentType=image/jpeg&studyUID=${s!.study_iuid}&seriesUID=${meta.series_iuid}&objectUID=${meta.sop_iuid}`,
      { headers: { authorization: `Bearer ${h.tok.doctor}` } },
    );
    expect(jpeg.status).toBe(200);
    expect(jpeg.headers.get('content-type')).toBe('image/jpeg');
  });
});
