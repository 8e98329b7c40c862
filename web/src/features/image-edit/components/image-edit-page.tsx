import { MergeCellsOutlined, SwapOutlined } from '@ant-design/icons';
import { App, Button, Col, Empty, Row, Space, Typography, type ButtonProps } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { ImageEditCandidate } from '@shared/schemas/image-edit';
import { imageEditChanged, mergeStudy, moveSeries, useCandidates, useSeriesOf } from '../api/image-edit-api';
import { SourceCard, type SeriesRow } from './source-card';
import { TargetCard } from './target-card';

/**
 * /imageEdit?study_iuid=: the images of one study put right. Series sent under the wrong study move to the
 * right one; a duplicate study merges into the real one (and goes to the recycle bin). The target is one of the
 * same patient's studies or one a keyword finds; an audited one cannot take images.
 */
export function ImageEditPage() {
  const { t } = useTranslation(['imageEdit', 'study']);
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
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

  if (!studyIuid) return <Empty description={t('noStudy')} data-testid="ie-no-study" />;

  const confirm = (kind: 'move' | 'merge') => {
    if (!target || !source) return;
    const count =
      kind === 'move'
        ? series.filter((s) => chosen.includes(s.series_iuid)).reduce((n, s) => n + s.count, 0)
        : source.file_count;
    modal.confirm({
      title: t(kind === 'move' ? 'confirmMove' : 'confirmMerge', {
        series: kind === 'move' ? chosen.length : series.length,
        count,
        name: target.patient_name,
        accession: target.accession_no || '-',
      }),
      content: t(kind === 'move' ? 'confirmMoveNote' : 'confirmMergeNote'),
      okButtonProps: { danger: kind === 'merge', 'data-testid': 'ie-confirm-ok' } as ButtonProps,
      onOk: async () => {
        const body = { study_iuid: studyIuid, to_study_iuid: target.study_iuid };
        if (kind === 'move') {
          const r = await moveSeries({ ...body, series_iuids: chosen });
          void message.success(t('moved', { series: r.series, count: r.instances }));
          setChosen([]);
        } else {
          const r = await mergeStudy(body);
          void message.success(t('merged', { count: r.instances }));
          setTarget(null);
          await navigate(`/imageEdit?study_iuid=${encodeURIComponent(target.study_iuid)}`, { replace: true });
          await imageEditChanged();
        }
      },
    });
  };

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
        <Typography.Text type="secondary">{target ? t('targetChosen', target) : t('chooseTarget')}</Typography.Text>
      </Space>
    </div>
  );
}
