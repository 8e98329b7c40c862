import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TINY_JPEG } from '../../../../tests/support/dicom-builder';
import { parseInstance } from '../images/parse';
import { baselineJpeg } from './jpeg-info';
import { captureSeriesUid, JPEG_BASELINE, newUid, SECONDARY_CAPTURE, secondaryCapture } from './secondary-capture';

const study = {
  study_iuid: '1.2.826.0.1.3680043.8.498.1',
  patient_id: 'P001',
  patient_name: '张三',
  patient_sex: 'M',
  patient_age: '45Y',
  accession_no: 'A42',
  modality: 'ES',
  study_desc: '胃镜检查',
  study_datetime: new Date(2026, 0, 2, 3, 4, 5),
};

describe('baseline JPEG frame header', () => {
  it('reads rows, columns and components of a baseline JPEG', () => {
    expect(baselineJpeg(TINY_JPEG)).toEqual({ rows: 16, cols: 16, components: 3 });
  });
  it('refuses a progressive JPEG, a PNG and a cut-short file', () => {
    const progressive = Buffer.from(TINY_JPEG);
    const sof = progressive.indexOf(Buffer.from([0xff, 0xc0]));
    progressive[sof + 1] = 0xc2;
    expect(baselineJpeg(progressive)).toBeNull();
    expect(baselineJpeg(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBeNull();
    expect(baselineJpeg(TINY_JPEG.subarray(0, 40))).toBeNull();
  });
});

describe('Secondary Capture instance', () => {
  const sop = newUid();
  const dcm = secondaryCapture(TINY_JPEG, baselineJpeg(TINY_JPEG)!, study, { sopIuid: sop, instanceNumber: 3 });

  it("is read back by the archive's own parser with the study's attributes", () => {
    const meta = parseInstance(dcm);
    expect(meta).toMatchObject({
      study_iuid: study.study_iuid,
      series_iuid: captureSeriesUid(study.study_iuid),
      sop_iuid: sop,
      sop_class_uid: SECONDARY_CAPTURE,
      transfer_syntax: JPEG_BASELINE,
      modality: 'ES',
      series_desc: 'Capture',
      instance_number: 3,
      rows: 16,
      cols: 16,
      patient: { patient_id: 'P001', patient_name: '张三', patient_sex: 'M', patient_age: '45Y', accession_no: 'A42' },
    });
    expect(meta.patient.study_desc).toBe('胃镜检查');
  });

  it('holds the JPEG bytes unchanged and one series per study', () => {
    expect(dcm.includes(TINY_JPEG)).toBe(true);
    expect(captureSeriesUid(study.study_iuid)).toBe(captureSeriesUid(study.study_iuid));
    expect(captureSeriesUid('1.2.3')).not.toBe(captureSeriesUid(study.study_iuid));
    expect(captureSeriesUid(study.study_iuid).length).toBeLessThanOrEqual(64);
    expect(sop.length).toBeLessThanOrEqual(64);
  });

  it('is valid for dcmtk (dcmdump reads every element and the encapsulated frame)', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sc-'));
    try {
      const file = path.join(dir, 'sc.dcm');
      writeFileSync(file, dcm);
      const out = execFileSync('dcmdump', ['-q', '+E', file], { encoding: 'utf8' });
      expect(out).toContain('=SecondaryCaptureImageStorage');
      expect(out).toContain('=JPEGBaseline');
      expect(out).toContain('YBR_FULL_422');
      expect(out).toMatch(/\(fffe,e000\) pi \(no value available\)/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
