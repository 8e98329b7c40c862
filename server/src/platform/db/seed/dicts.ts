import type { Db } from '../client';
import { dict } from '../schema';

interface DictSeed {
  code: string;
  name: string;
  name_en: string;
  entries: [value: string, name: string, name_en: string][];
}

/** Dictionaries of the spec's own constants (section 3) and a starting list of departments. */
const DICTS: DictSeed[] = [
  {
    code: 'patient_type',
    name: '病人类型',
    name_en: 'Patient type',
    entries: [
      ['1', '门诊', 'Outpatient'],
      ['2', '住院', 'Inpatient'],
      ['3', '急诊', 'Emergency'],
      ['4', '体检', 'Physical exam'],
      ['5', '绿色通道', 'Green channel'],
      ['6', '其他', 'Other'],
    ],
  },
  {
    code: 'sex',
    name: '性别',
    name_en: 'Sex',
    entries: [
      ['M', '男', 'Male'],
      ['F', '女', 'Female'],
    ],
  },
  {
    code: 'age_unit',
    name: '年龄单位',
    name_en: 'Age unit',
    entries: [
      ['Y', '岁', 'Years'],
      ['M', '月', 'Months'],
      ['D', '天', 'Days'],
      ['H', '小时', 'Hours'],
    ],
  },
  {
    code: 'department',
    name: '科室',
    name_en: 'Department',
    entries: [
      ['radiology', '放射科', 'Radiology'],
      ['ultrasound', '超声科', 'Ultrasound'],
      ['internal', '内科', 'Internal medicine'],
      ['surgery', '外科', 'Surgery'],
      ['emergency', '急诊科', 'Emergency'],
      ['physical_exam', '体检中心', 'Physical examination'],
    ],
  },
];

/** Writes the dictionaries once, on an installation that has none; afterwards they are the administrators'. */
export async function seedDicts(db: Db): Promise<void> {
  if ((await db.select({ pk: dict.pk }).from(dict).limit(1)).length) return;
  await db.transaction(async (tx) => {
    for (const [i, d] of DICTS.entries()) {
      const [parent] = await tx
        .insert(dict)
        .values({ code: d.code, name: d.name, name_en: d.name_en, sort: i })
        .returning({ pk: dict.pk });
      await tx.insert(dict).values(
        d.entries.map(([value, name, name_en], j) => ({
          parent_pk: parent!.pk,
          code: value,
          value,
          name,
          name_en,
          sort: j,
        })),
      );
    }
  });
}
