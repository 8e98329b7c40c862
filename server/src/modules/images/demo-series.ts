import { randomUUID } from 'node:crypto';
import dcmjs from 'dcmjs';
import { RPT_STATUS } from '@shared/constants';
import { and, desc, eq, like } from 'drizzle-orm';
import type { AppDeps } from '../../platform/context';
import { report, study } from '../../platform/db/schema';
import { IMPLEMENTATION_CLASS_UID } from './part10-header';
import { createIngest } from './ingest';

const CT_IMAGE = '1.2.840.10008.5.1.4.1.1.2';
const EXPLICIT_LE = '1.2.840.10008.1.2.1';
const SLICES = 24;
const SIZE = 512;

type Ellipse = { cx: number; cy: number; rx: number; ry: number; hu: number };

/** A chest-like slice in Hounsfield units: body, two lungs, heart, spine, a few ribs; z from 0 (top) to 1. */
function chestSlice(z: number): Int16Array {
  const px = new Int16Array(SIZE * SIZE).fill(-1000);
  const lung = 0.8 + 0.25 * Math.sin(Math.PI * z);
  const shapes: Ellipse[] = [
    { cx: 256, cy: 260, rx: 200, ry: 150, hu: 40 },
    { cx: 180, cy: 245, rx: 62 * lung, ry: 95 * lung, hu: -820 },
    { cx: 332, cy: 245, rx: 62 * lung, ry: 95 * lung, hu: -820 },
    { cx: 270, cy: 250, rx: 48 * z + 20, ry: 40 * z + 18, hu: 45 },
    { cx: 256, cy: 360, rx: 24, ry: 22, hu: 700 },
    { cx: 256, cy: 392, rx: 30, ry: 12, hu: 650 },
    { cx: 256, cy: 386, rx: 8, ry: 8, hu: 20 },
    { cx: 256, cy: 130, rx: 12, ry: 7, hu: 600 },
  ];
  for (let a = 0; a < 2 * Math.PI; a += Math.PI / 9)
    if (Math.abs(Math.cos(a)) > 0.25)
      shapes.push({ cx: 256 + 184 * Math.cos(a), cy: 262 + 132 * Math.sin(a), rx: 6, ry: 9, hu: 650 });
  for (const e of shapes)
    for (let y = Math.max(0, Math.floor(e.cy - e.ry)); y <= Math.min(SIZE - 1, e.cy + e.ry); y++)
      for (let x = Math.max(0, Math.floor(e.cx - e.rx)); x <= Math.min(SIZE - 1, e.cx + e.rx); x++)
        if (((x - e.cx) / e.rx) ** 2 + ((y - e.cy) / e.ry) ** 2 <= 1) px[y * SIZE + x] = e.hu;
  // Some noise, deterministic, as a scanner shows.
  let seed = Math.floor(z * 1e6) + 7;
  for (let i = 0; i < px.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    px[i] = px[i]! + ((seed >> 16) % 21) - 10;
  }
  return px;
}

/** Stored values for RescaleIntercept -1024 (unsigned 12 bits in 16). */
const stored = (hu: Int16Array) => Uint16Array.from(hu, (v) => Math.min(4095, Math.max(0, v + 1024)));

export interface DemoPatient {
  study_iuid: string;
  patient_id: string;
  patient_name: string;
  patient_sex: string;
  accession_no: string;
  study_datetime: Date | null;
}

function instance(p: DemoPatient, series: string, n: number): Buffer {
  const { DicomDict, DicomMetaDictionary } = dcmjs.data;
  const sop = `${series}.${n}`;
  const when = p.study_datetime ?? new Date();
  const date = `${when.getFullYear()}${String(when.getMonth() + 1).padStart(2, '0')}${String(when.getDate()).padStart(2, '0')}`;
  const pixels = stored(chestSlice((n - 1) / (SLICES - 1)));
  const dict = new DicomDict(
    DicomMetaDictionary.denaturalizeDataset({
      FileMetaInformationVersion: new Uint8Array([0, 1]).buffer,
      MediaStorageSOPClassUID: CT_IMAGE,
      MediaStorageSOPInstanceUID: sop,
      TransferSyntaxUID: EXPLICIT_LE,
      ImplementationClassUID: IMPLEMENTATION_CLASS_UID,
      _vrMap: {},
    }),
  );
  dict.dict = DicomMetaDictionary.denaturalizeDataset({
    SpecificCharacterSet: 'ISO_IR 192',
    SOPClassUID: CT_IMAGE,
    SOPInstanceUID: sop,
    StudyDate: date,
    StudyTime: '093000',
    AccessionNumber: p.accession_no,
    Modality: 'CT',
    StudyDescription: '胸部CT平扫',
    SeriesDescription: 'Chest 5mm',
    PatientName: p.patient_name,
    PatientID: p.patient_id,
    PatientSex: p.patient_sex,
    StudyInstanceUID: p.study_iuid,
    SeriesInstanceUID: series,
    SeriesNumber: '2',
    InstanceNumber: String(n),
    ImagePositionPatient: [-250, -250, -(n - 1) * 5],
    ImageOrientationPatient: [1, 0, 0, 0, 1, 0],
    SliceThickness: '5',
    SamplesPerPixel: 1,
    PhotometricInterpretation: 'MONOCHROME2',
    Rows: SIZE,
    Columns: SIZE,
    PixelSpacing: [0.9765625, 0.9765625],
    BitsAllocated: 16,
    BitsStored: 12,
    HighBit: 11,
    PixelRepresentation: 0,
    WindowCenter: '40',
    WindowWidth: '400',
    RescaleIntercept: '-1024',
    RescaleSlope: '1',
    PixelData: [pixels.buffer],
    _vrMap: { PixelData: 'OW' },
  });
  return Buffer.from(dict.write());
}

/** The demo CT's files for a study: 24 slices of a new series (the browser tests upload them too). */
export function demoCtFiles(p: DemoPatient, series = `2.25.${BigInt(`0x${randomUUID().replace(/-/g, '')}`)}`) {
  return Array.from({ length: SLICES }, (_, i) => ({ name: `IM${i + 1}`, data: instance(p, series, i + 1) }));
}

/**
 * The demo's images: a made-up 24-slice chest CT (512 x 512, a phantom, no patient's) attached to the newest
 * unreported chest CT of H001, so the viewer, the image list and forwarding can be tried on a fresh install.
 * Run once, right after the demo data is loaded; the tests' platforms start without it.
 */
export async function seedDemoImages(deps: AppDeps): Promise<number> {
  const [p] = await deps.db
    .select({
      study_iuid: study.study_iuid,
      patient_id: study.patient_id,
      patient_name: study.patient_name,
      patient_sex: study.patient_sex,
      accession_no: study.accession_no,
      study_datetime: study.study_datetime,
    })
    .from(study)
    .innerJoin(report, and(eq(report.study_pk, study.pk), eq(report.rpt_position, 1)))
    .where(
      and(
        eq(study.hospital_code, 'H001'),
        eq(study.modality, 'CT'),
        like(study.study_desc, '%胸部CT%'),
        eq(report.rpt_status, RPT_STATUS.NOT_WRITTEN),
      ),
    )
    .orderBy(desc(study.study_datetime))
    .limit(1);
  if (!p) return 0;
  let stored = 0;
  const ingest = createIngest(
    { deps, who: { pk: 0, username: 'demo' }, hospitalCode: 'H001', ip: '127.0.0.1' },
    (o) => void (o.status === 'uploaded' && stored++),
  );
  // a UUID-derived series UID (PS3.5 B.2)
  for (const f of demoCtFiles(p)) await ingest.add(f.name, f.data);
  await ingest.flush();
  return stored;
}
