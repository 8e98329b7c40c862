import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { fetchPriors } from '../api/viewer-api';
import { studyDate } from '../lib/overlay-text';

interface Props {
  studyIuid: string;
  value: string | null;
  onChange: (studyIuid: string | null) => void;
}

/** The patient's earlier studies, one of which opens beside this one (a signed-in window only). */
export function PriorSelect({ studyIuid, value, onChange }: Props) {
  const { t } = useTranslation('imageViewer');
  const priors = useQuery({ queryKey: ['viewer-priors', studyIuid], queryFn: () => fetchPriors(studyIuid) });
  const rows = priors.data ?? [];
  return (
    <Select
      size="small"
      allowClear
      style={{ width: 260 }}
      value={value ?? undefined}
      loading={priors.isLoading}
      disabled={!rows.length}
      placeholder={rows.length || priors.isLoading ? t('priors.choose') : t('priors.none')}
      onChange={(v?: string) => onChange(v ?? null)}
      options={rows.map((s) => ({
        value: s.study_iuid,
        label: `${studyDate(s.study_datetime)} ${s.modality} ${s.study_desc}`.trim(),
      }))}
      data-testid="viewer-prior-select"
      aria-label={t('priors.choose')}
    />
  );
}
