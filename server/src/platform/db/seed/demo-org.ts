import { eq } from 'drizzle-orm';
import type { Db } from '../client';
import { device, region } from '../schema';

const REGIONS = [
  {
    code: 'SOUTH',
    name: '华南区',
    name_en: 'South China',
    sort: 1,
    children: [{ code: 'GZ', name: '广州', name_en: 'Guangzhou' }],
  },
  { code: 'EAST', name: '华东区', name_en: 'East China', sort: 2, children: [] },
];

/**
 * Demo DICOM devices: the Orthanc of the test peers (127.0.0.1:4242) and two modalities for H001, one CT
 * for H002 (inserted last, so on a fresh database it is device 4: tests/api/authz-matrix/device.json names it).
 */
export const DEMO_DEVICES = [
  { name: 'Orthanc PACS', aet: 'ORTHANC', modality: '', ip: '127.0.0.1', port: 4242, hospital_code: 'H001' },
  { name: 'CT 1', aet: 'H001_CT1', modality: 'CT', ip: '192.168.10.21', port: 104, hospital_code: 'H001' },
  { name: 'US 1', aet: 'H001_US1', modality: 'US', ip: 'us1.h001.local', port: 11112, hospital_code: 'H001' },
  { name: 'CT 1', aet: 'H002_CT1', modality: 'CT', ip: '192.168.20.21', port: 104, hospital_code: 'H002' },
];

/** Demo regions (a small tree) and DICOM devices; the demo hospitals are left as they are. */
export async function seedOrg(db: Db): Promise<void> {
  for (const { children, ...r } of REGIONS) {
    await db.insert(region).values(r).onConflictDoNothing();
    const [parent] = await db.select({ pk: region.pk }).from(region).where(eq(region.code, r.code));
    for (const child of children) {
      await db
        .insert(region)
        .values({ ...child, parent_pk: parent?.pk ?? null })
        .onConflictDoNothing();
    }
  }
  await db.insert(device).values(DEMO_DEVICES).onConflictDoNothing();
}
