import { Card, Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CountDetail } from '@shared/schemas/statistics';
import { formatGb } from '../lib/storage-units';

const FIGURES = ['studies', 'patients', 'images', 'file_size', 'written', 'audited', 'positive', 'critical'] as const;

/** The dashboard's headline figures of the range (countDatail); storage in GB (spec section 9). */
export function HeadlineCards({ detail, loading }: { detail: CountDetail | undefined; loading: boolean }) {
  const { t } = useTranslation('statistics');
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }} data-testid="dashboard-headline">
      {FIGURES.map((key) => (
        <Col key={key} xs={12} md={6} xl={3}>
          <Card size="small" data-testid={`headline-${key}`}>
            <Statistic
              title={t(`headline.${key}`)}
              loading={loading && !detail}
              value={detail ? (key === 'file_size' ? formatGb(detail.file_size) : detail[key]) : 0}
              suffix={key === 'file_size' ? 'GB' : undefined}
            />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
