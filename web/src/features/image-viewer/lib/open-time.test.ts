import { describe, expect, it } from 'vitest';
import { OpenTime } from './open-time';

const wado = (study: string, sop: string, type = 'application/dicom') =>
  `http://x/wado?requestType=WADO&studyUID=${study}&seriesUID=1&objectUID=${sop}&contentType=${encodeURIComponent(type)}&token=t`;

describe('OpenTime', () => {
  it('counts distinct DICOM instances of the study and is complete once all have arrived', () => {
    const m = new OpenTime('S1', 2);
    m.add({ name: wado('S1', 'a', 'image/jpeg'), responseEnd: 100, encodedBodySize: 50 });
    m.add({ name: wado('S1', 'a'), responseEnd: 300, encodedBodySize: 1000 });
    m.add({ name: wado('S1', 'a'), responseEnd: 350, encodedBodySize: 0, transferSize: 0 });
    m.add({ name: wado('S2', 'b'), responseEnd: 400, encodedBodySize: 999 });
    m.add({ name: 'http://x/api/other', responseEnd: 500, encodedBodySize: 5 });
    expect(m.complete).toBe(false);
    m.add({ name: wado('S1', 'b'), responseEnd: 800, transferSize: 2000 });
    expect(m.complete).toBe(true);
    expect(m.record(120.4, 5000)).toEqual({ study_iuid: 'S1', first_ms: 120, total_ms: 800, images: 2, bytes: 3050 });
  });

  it('before completion the record takes the time of closing, never before the first image', () => {
    const m = new OpenTime('S1', 3);
    m.add({ name: wado('S1', 'a'), responseEnd: 300, encodedBodySize: 10 });
    expect(m.record(200, 900)).toMatchObject({ first_ms: 200, total_ms: 900, images: 1, bytes: 10 });
    expect(m.record(2000, 900).total_ms).toBe(2000);
    expect(new OpenTime('S1', 0).complete).toBe(false);
  });
});
