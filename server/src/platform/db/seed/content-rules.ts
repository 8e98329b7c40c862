/** The content check's rules at first start; afterwards they are the administrators' (content_rule). */
export const DEFAULT_CONTENT_RULES = [
  {
    kind: 'pair',
    word_a: '左',
    word_b: '右',
    feature: '所见为左侧，诊断意见为右侧',
    feature_en: 'Findings say left, opinion says right',
  },
  {
    kind: 'pair',
    word_a: '右',
    word_b: '左',
    feature: '所见为右侧，诊断意见为左侧',
    feature_en: 'Findings say right, opinion says left',
  },
  {
    kind: 'sex',
    word_a: '子宫',
    sex: 'M',
    feature: '男性患者报告中出现“子宫”',
    feature_en: 'Uterus in a male patient’s report',
  },
  {
    kind: 'sex',
    word_a: '卵巢',
    sex: 'M',
    feature: '男性患者报告中出现“卵巢”',
    feature_en: 'Ovary in a male patient’s report',
  },
  {
    kind: 'sex',
    word_a: '前列腺',
    sex: 'F',
    feature: '女性患者报告中出现“前列腺”',
    feature_en: 'Prostate in a female patient’s report',
  },
  {
    kind: 'sex',
    word_a: '睾丸',
    sex: 'F',
    feature: '女性患者报告中出现“睾丸”',
    feature_en: 'Testis in a female patient’s report',
  },
];
