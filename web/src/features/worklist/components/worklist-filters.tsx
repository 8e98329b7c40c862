import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Col, DatePicker, Form, Grid, Input, Row, Select, Space } from 'antd';
import { useEffect, useState } from 'react';
import { boundsOf, rangeOf, type DateRange } from '@web/lib/date-range';
import { useTranslation } from 'react-i18next';
import type { MODALITIES } from '@shared/constants';
import { ORDER_SORTS, type OrderSort } from '@shared/schemas/order';
import { HospitalSelect, ModalitySelect, RptStatusSelect } from '@web/components/study-selects';
import { DEFAULT_WORKLIST, type WorklistParams } from '../lib/worklist-params';

interface FilterValues {
  patient_name?: string;
  patient_id?: string;
  accession_no?: string;
  sn?: string;
  modalitys?: (typeof MODALITIES)[number][];
  rpt_status?: number[];
  dates?: DateRange;
  sort: OrderSort;
}

const SORT_KEYS = {
  'create_time desc': 'sorts.create_time_desc',
  'create_time asc': 'sorts.create_time_asc',
  'study_datetime desc': 'sorts.study_datetime_desc',
  'study_datetime asc': 'sorts.study_datetime_asc',
  'report_datetime desc': 'sorts.report_datetime_desc',
  'report_datetime asc': 'sorts.report_datetime_asc',
  'patient_name asc': 'sorts.patient_name_asc',
  'patient_name desc': 'sorts.patient_name_desc',
} as const satisfies Record<OrderSort, string>;

function toForm(p: WorklistParams): FilterValues {
  return {
    patient_name: p.patient_name,
    patient_id: p.patient_id,
    accession_no: p.accession_no,
    sn: p.sn || undefined,
    modalitys: p.modalitys,
    rpt_status: p.rpt_status,
    dates: rangeOf(p.startDate, p.endDate),
    sort: p.sort,
  };
}

interface WorklistFiltersProps {
  params: WorklistParams;
  onSearch: (p: WorklistParams) => void;
  onReset: () => void;
  loading: boolean;
}

/** Spec section 7 filters of the image list. */
export function WorklistFilters({ params, onSearch, onReset, loading }: WorklistFiltersProps) {
  const { t } = useTranslation('study');
  const [form] = Form.useForm<FilterValues>();
  const compact = Grid.useBreakpoint().md === false;
  const [expanded, setExpanded] = useState(false);

  useEffect(() => {
    form.setFieldsValue(toForm(params));
  }, [form, params]);

  const onFinish = (v: FilterValues) =>
    onSearch({
      ...params,
      patient_name: (v.patient_name ?? '').trim(),
      patient_id: (v.patient_id ?? '').trim(),
      accession_no: (v.accession_no ?? '').trim(),
      sn: v.sn ?? '',
      modalitys: v.modalitys ?? [],
      rpt_status: v.rpt_status ?? [],
      ...boundsOf(v.dates),
      sort: v.sort,
      pageNumber: 1,
    });

  const col = { xs: 24, sm: 12, lg: 8, xxl: 6 };
  // On phones only the first two filters show until "more" is pressed (the others keep their values).
  const more = { ...col, style: compact && !expanded ? { display: 'none' } : undefined };
  return (
    <Form form={form} onFinish={onFinish} initialValues={toForm(params)} data-testid="wl-filters">
      <Row gutter={[12, 0]}>
        <Col {...col}>
          <Form.Item name="patient_name" label={t('fields.patient_name')}>
            <Input allowClear maxLength={64} data-testid="wl-patient-name" />
          </Form.Item>
        </Col>
        <Col {...col}>
          <Form.Item name="patient_id" label={t('fields.patient_id')}>
            <Input allowClear maxLength={64} data-testid="wl-patient-id" />
          </Form.Item>
        </Col>
        <Col {...more}>
          <Form.Item name="accession_no" label={t('fields.accession_no')}>
            <Input allowClear maxLength={64} data-testid="wl-accession-no" />
          </Form.Item>
        </Col>
        <Col {...more}>
          <Form.Item name="sn" label={t('filters.hospital')}>
            <HospitalSelect data-testid="wl-hospital" />
          </Form.Item>
        </Col>
        <Col {...more}>
          <Form.Item name="modalitys" label={t('fields.modality')}>
            <ModalitySelect data-testid="wl-modalities" />
          </Form.Item>
        </Col>
        <Col {...more}>
          <Form.Item name="rpt_status" label={t('fields.rpt_status')}>
            <RptStatusSelect data-testid="wl-status" />
          </Form.Item>
        </Col>
        <Col {...more}>
          <Form.Item name="dates" label={t('filters.studyDate')}>
            <DatePicker.RangePicker allowEmpty={[true, true]} style={{ width: '100%' }} data-testid="wl-dates" />
          </Form.Item>
        </Col>
        <Col {...more}>
          <Form.Item name="sort" label={t('filters.sort')}>
            <Select options={ORDER_SORTS.map((s) => ({ value: s, label: t(SORT_KEYS[s]) }))} data-testid="wl-sort" />
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
                data-testid="wl-search"
              >
                {t('filters.search')}
              </Button>
              {compact && (
                <Button type="link" onClick={() => setExpanded((e) => !e)} data-testid="wl-more">
                  {expanded ? t('filters.less') : t('filters.more')}
                </Button>
              )}
              <Button
                icon={<ReloadOutlined />}
                onClick={() => {
                  form.setFieldsValue(toForm(DEFAULT_WORKLIST));
                  onReset();
                }}
                data-testid="wl-reset"
              >
                {t('filters.reset')}
              </Button>
            </Space>
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
