import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Col, DatePicker, Form, Input, Row, Space } from 'antd';
import { useEffect } from 'react';
import { boundsOf, rangeOf, type DateRange } from '@web/lib/date-range';
import { useTranslation } from 'react-i18next';
import { HospitalSelect, ModalitySelect } from '@web/components/study-selects';
import type { Modality } from '@web/lib/url-params';
import type { CollectionParams } from '../lib/collection-params';

interface FilterValues {
  sn?: string;
  patient_name?: string;
  dates?: DateRange;
  modalitys?: Modality[];
  study_desc?: string;
  report_content?: string;
}

const toForm = (p: CollectionParams): FilterValues => ({
  sn: p.sn || undefined,
  patient_name: p.patient_name,
  dates: rangeOf(p.startDate, p.endDate),
  modalitys: p.modalitys,
  study_desc: p.study_desc,
  report_content: p.report_content,
});

interface CollectionFiltersProps {
  params: CollectionParams;
  onSearch: (p: CollectionParams) => void;
  onReset: () => void;
  loading: boolean;
}

/** Favourites filters: hospital, patient name, date range, modalities, study description, report content. */
export function CollectionFilters({ params, onSearch, onReset, loading }: CollectionFiltersProps) {
  const { t } = useTranslation('study');
  const [form] = Form.useForm<FilterValues>();
  useEffect(() => {
    form.setFieldsValue(toForm(params));
  }, [form, params]);

  const onFinish = (v: FilterValues) =>
    onSearch({
      sn: v.sn ?? '',
      patient_name: (v.patient_name ?? '').trim(),
      ...boundsOf(v.dates),
      modalitys: v.modalitys ?? [],
      study_desc: (v.study_desc ?? '').trim(),
      report_content: (v.report_content ?? '').trim(),
      pageNumber: 1,
    });

  const col = { xs: 24, sm: 12, lg: 8, xxl: 6 };
  return (
    <Form form={form} onFinish={onFinish} initialValues={toForm(params)} data-testid="col-filters">
      <Row gutter={[12, 0]}>
        <Col {...col}>
          <Form.Item name="sn" label={t('filters.hospital')}>
            <HospitalSelect data-testid="col-hospital" />
          </Form.Item>
        </Col>
        <Col {...col}>
          <Form.Item name="patient_name" label={t('fields.patient_name')}>
            <Input allowClear maxLength={64} data-testid="col-patient-name" />
          </Form.Item>
        </Col>
        <Col {...col}>
          <Form.Item name="dates" label={t('filters.studyDate')}>
            <DatePicker.RangePicker allowEmpty={[true, true]} style={{ width: '100%' }} data-testid="col-dates" />
          </Form.Item>
        </Col>
        <Col {...col}>
          <Form.Item name="modalitys" label={t('fields.modality')}>
            <ModalitySelect data-testid="col-modalities" />
          </Form.Item>
        </Col>
        <Col {...col}>
          <Form.Item name="study_desc" label={t('filters.studyDesc')}>
            <Input allowClear maxLength={64} data-testid="col-study-desc" />
          </Form.Item>
        </Col>
        <Col {...col}>
          <Form.Item name="report_content" label={t('filters.reportContent')}>
            <Input allowClear maxLength={64} data-testid="col-report-content" />
          </Form.Item>
        </Col>
        <Col {...col}>
          <Form.Item>
            <Space>
              <Button
                type="primary"
                htmlType="submit"
                icon={<SearchOutlined />}
                loading={loading}
                data-testid="col-search"
              >
                {t('filters.search')}
              </Button>
              <Button icon={<ReloadOutlined />} onClick={onReset} data-testid="col-reset">
                {t('filters.reset')}
              </Button>
            </Space>
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
