import type { Db } from '../client';
import { scanItem } from '../schema';
import { STUDY_TYPES } from './demo-data';

/** English names of the demo body parts, for the scan item's `en`. */
const EN: Record<string, string> = {
  头颅: 'Head',
  胸部: 'Chest',
  腹部: 'Abdomen',
  腰椎: 'Lumbar spine',
  颈椎: 'Cervical spine',
  膝关节: 'Knee',
  手: 'Hand',
  甲状腺: 'Thyroid',
};

/** Scan items for each demo hospital: every demo study type of every modality (its description). */
export async function seedScanItems(db: Db, hospitals: readonly string[]): Promise<void> {
  const rows = hospitals.flatMap((hospital_code) =>
    Object.entries(STUDY_TYPES).flatMap(([modality, types]) =>
      types.map((t, i) => ({
        code: `${modality}${String(i + 1).padStart(3, '0')}`,
        description: t.desc,
        modality,
        cost: String(100 + 50 * i),
        partnum: 1,
        coefficient: 1,
        hospital_code,
        en: Object.entries(EN).find(([zh]) => t.desc.includes(zh))?.[1] ?? '',
      })),
    ),
  );
  await db.insert(scanItem).values(rows);
}
