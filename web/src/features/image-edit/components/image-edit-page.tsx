import { MergeCellsOutlined, SwapOutlined, UserSwitchOutlined } from '@ant-design/icons';
import { Button, Col, Empty, Row, Space, Tooltip, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { ImageEditCandidate } from '@shared/schemas/image-edit';
import { useCandidates, useSeriesOf } from '../api/image-edit-api';
import { SourceCard, type SeriesRow } from './source-card';
import { TargetCard } from './target-card';
import { useEditActions } from './use-edit-actions';

/**
 * /imageEdit?study_iuid=: the images of one study put right. Series sent under the wrong study move to the
 * right one; a duplicate study merges into the real one (and goes to the recycle bin). The target is one of the
 * same patient's studies or one a keyword finds; an audited one cannot take images. A patient registered under
 * two IDs is merged from here too: every study of this one goes to the chosen study's patient.
 */
export function ImageEditPage() {
  const { t } = useTranslation(['imageEdit', 'study']);
  const studyIuid = useSearchParams()[0].get('study_iuid') ?? '';
  const [keyword, setKeyword] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [target, setTarget] = useState<ImageEditCandidate | null>(null);
  const list = useSeriesOf(studyIuid);
  const choice = useCandidates(studyIuid, keyword);
  const source = choice.data?.source;
  const series = useMemo(
    (): SeriesRow[] =>
      (list.data?.series ?? []).map((s) => ({
        series_iuid: s.series_iuid,
        series_number: s.series_number,
        modality: s.modality,
        series_desc: s.series_desc,
        count: s.instances.filter((i) => !i.del_image).length,
      })),
    [list.data],
  );

  const confirm = useEditActions({
    studyIuid,
    source,
    patientStudies: choice.data?.patient_studies ?? 0,
    series,
    chosen,
    target,
    done: (kind) => {
      if (kind === 'move') setChosen([]);
      else setTarget(null);
    },
  });
  const otherPatient = !!target && !!source?.patient_id && target.patient_id !== source.patient_id;

  if (!studyIuid) return <Empty description={t('noStudy')} data-testid="ie-no-study" />;

  return (
    <div data-testid="image-edit-page">
      <Row gutter={16}>
        <Col span={11}>
          <SourceCard source={source} series={series} loading={list.isPending} chosen={chosen} onChoose={setChosen} />
        </Col>
        <Col span={13}>
          <TargetCard choice={choice} keyword={keyword} onSearch={setKeyword} target={target} onTarget={setTarget} />
        </Col>
      </Row>
      <Space style={{ marginTop: 16 }}>
        <Button
          type="primary"
          icon={<SwapOutlined />}
          disabled={!chosen.length || !target}
          onClick={() => confirm('move')}
          data-testid="ie-move"
        >
          {t('move', { count: chosen.length })}
        </Button>
        <Button
          danger
          icon={<MergeCellsOutlined />}
          disabled={!target}
          onClick={() => confirm('merge')}
          data-testid="ie-merge"
        >
          {t('merge')}
        </Button>
        <Tooltip title={t('mergePatientHint')}>
          <Button
            danger
            icon={<UserSwitchOutlined />}
            disabled={!otherPatient}
            onClick={() => confirm('patient')}
            data-testid="ie-merge-patient"
          >
            {t('mergePatient')}
          </Button>
        </Tooltip>
        <Typography.Text type="secondary">{target ? t('targetChosen', target) : t('chooseTarget')}</Typography.Text>
      </Space>
    </div>
  );
}
