import { eq } from 'drizzle-orm';
import type { Db } from '../client';
import { knowledgeNode, sysUser } from '../schema';
import { STUDY_TYPES } from './demo-data';

/** Public wording templates per modality, a hospital tree for H001 and a personal tree for `doctor`. */
export async function seedKnowledge(db: Db): Promise<void> {
  let sort = 0;
  for (const [modality, types] of Object.entries(STUDY_TYPES)) {
    const [folder] = await db
      .insert(knowledgeNode)
      .values({ label: modality, isleaf: false, type: 'public', modality, sort: sort++ })
      .returning({ pk: knowledgeNode.pk });
    await db.insert(knowledgeNode).values(
      types.map((t, i) => ({
        parent: folder!.pk,
        label: t.desc,
        isleaf: true,
        type: 'public',
        modality,
        sj: t.findings,
        yj: t.opinion,
        sort: i,
      })),
    );
  }
  const [hospitalFolder] = await db
    .insert(knowledgeNode)
    .values({ label: '本院常用', isleaf: false, type: 'public', hospital_code: 'H001' })
    .returning({ pk: knowledgeNode.pk });
  await db.insert(knowledgeNode).values({
    parent: hospitalFolder!.pk,
    label: '胸部CT正常',
    isleaf: true,
    type: 'public',
    hospital_code: 'H001',
    modality: 'CT',
    sj: '胸廓对称，双肺纹理清晰，未见明显实变及结节影，纵隔居中，心影不大。',
    yj: '胸部CT平扫未见明显异常。',
  });
  const [doctor] = await db.select({ uuid: sysUser.uuid }).from(sysUser).where(eq(sysUser.username, 'doctor'));
  if (!doctor) return;
  const [mine] = await db
    .insert(knowledgeNode)
    .values({ label: '我的模板', isleaf: false, type: 'user', uuid: doctor.uuid, hospital_code: 'H001' })
    .returning({ pk: knowledgeNode.pk });
  await db.insert(knowledgeNode).values({
    parent: mine!.pk,
    label: '腰椎退变',
    isleaf: true,
    type: 'user',
    uuid: doctor.uuid,
    hospital_code: 'H001',
    modality: 'DR',
    sj: '腰椎生理曲度变直，诸椎体边缘骨质增生，椎间隙未见明显狭窄。',
    yj: '腰椎退行性变。',
  });
}
