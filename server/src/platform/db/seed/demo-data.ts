/** Deterministic pseudo-random generator (mulberry32) so demo data is the same on every install. */
export function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T,
  };
}

export const SURNAMES = [
  '张',
  '王',
  '李',
  '赵',
  '刘',
  '陈',
  '杨',
  '黄',
  '周',
  '吴',
  '徐',
  '孙',
  '马',
  '朱',
  '胡',
  '郭',
  '何',
  '林',
  '罗',
  '高',
];
export const GIVEN = [
  '伟',
  '芳',
  '娜',
  '敏',
  '静',
  '丽',
  '强',
  '磊',
  '军',
  '洋',
  '勇',
  '艳',
  '杰',
  '娟',
  '涛',
  '明',
  '超',
  '秀英',
  '华',
  '建国',
  '桂兰',
  '志强',
  '晓东',
  '海燕',
];

export const STUDY_TYPES: Record<string, { desc: string; findings: string; opinion: string }[]> = {
  CT: [
    {
      desc: '头颅CT平扫',
      findings: '脑实质密度均匀，脑室系统未见扩大，中线结构居中。',
      opinion: '头颅CT平扫未见明显异常。',
    },
    {
      desc: '胸部CT平扫',
      findings: '双肺纹理清晰，未见明显实变影，纵隔淋巴结未见肿大。',
      opinion: '胸部CT平扫未见明显异常。',
    },
    {
      desc: '上腹部CT增强',
      findings: '肝脏形态大小正常，肝内见一低密度灶，增强后边缘强化。',
      opinion: '肝内低密度灶，建议进一步检查。',
    },
  ],
  DR: [
    { desc: '胸部正位', findings: '双肺野清晰，心影大小形态正常，双膈面光整。', opinion: '心肺膈未见明显异常。' },
    {
      desc: '腰椎正侧位',
      findings: '腰椎生理曲度变直，L4/5椎间隙略变窄，椎体边缘骨质增生。',
      opinion: '腰椎退行性变。',
    },
  ],
  DX: [
    { desc: '右手正斜位', findings: '右手诸骨骨质完整，关节间隙正常。', opinion: '右手未见明显骨折。' },
    { desc: '左膝关节正侧位', findings: '左膝关节间隙略变窄，关节边缘骨质增生。', opinion: '左膝关节退行性变。' },
  ],
  MR: [
    {
      desc: '头颅MRI平扫',
      findings: '双侧基底节区见斑点状长T2信号，DWI未见弥散受限。',
      opinion: '双侧基底节区腔隙性梗塞灶。',
    },
    { desc: '腰椎MRI平扫', findings: 'L4/5椎间盘向后突出，相应硬膜囊受压。', opinion: 'L4/5椎间盘突出。' },
  ],
  US: [
    { desc: '腹部彩超', findings: '肝脏大小形态正常，实质回声均匀，胆囊壁光滑。', opinion: '肝胆胰脾未见明显异常。' },
    {
      desc: '甲状腺彩超',
      findings: '甲状腺右叶见一低回声结节，边界清，形态规则。',
      opinion: '甲状腺右叶结节，TI-RADS 3类。',
    },
  ],
};

export const DEPARTMENTS = ['内科', '外科', '骨科', '神经内科', '急诊科', '体检中心', '儿科', '妇产科'];
export const MODALITY_WEIGHTS = ['CT', 'CT', 'CT', 'DR', 'DR', 'DX', 'MR', 'MR', 'US', 'US'] as const;
