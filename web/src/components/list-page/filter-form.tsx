import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Col, Form, Grid, Row, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formName, type Field, type ListParams } from './fields';
import { FilterControl } from './filter-control';
import { fromFormValues, toFormValues, type FormValues } from './form-values';

export interface FilterFormProps<F> {
  fields: readonly Field<F>[];
  params: ListParams<F>;
  /** The state the reset button shows in the form (the list's defaults). */
  resetParams: ListParams<F>;
  onSearch: (p: ListParams<F>) => void;
  onReset: () => void;
  loading: boolean;
  testId: string;
}

const COL = { xs: 24, sm: 12, lg: 8, xxl: 6 };

/** A list's filter form, built from its field description: search, reset, and "more" on phones. */
export function FilterForm<F>({ fields, params, resetParams, onSearch, onReset, loading, testId }: FilterFormProps<F>) {
  const { t } = useTranslation('list');
  const [form] = Form.useForm<FormValues>();
  const compact = Grid.useBreakpoint().md === false;
  const [expanded, setExpanded] = useState(false);
  const hasMore = fields.some((f) => f.more);

  useEffect(() => {
    form.setFieldsValue(toFormValues(fields, params));
  }, [form, fields, params]);

  return (
    <Form
      form={form}
      onFinish={(v) => onSearch(fromFormValues(fields, v, params))}
      initialValues={toFormValues(fields, params)}
      data-testid={`${testId}-filters`}
    >
      <Row gutter={[12, 0]}>
        {fields.map((f) => (
          <Col key={formName(f)} {...COL} style={compact && f.more && !expanded ? { display: 'none' } : undefined}>
            <Form.Item name={formName(f)} label={f.label}>
              <FilterControl field={f} testId={`${testId}-${f.testId}`} />
            </Form.Item>
          </Col>
        ))}
        <Col {...COL}>
          <Form.Item>
            <Space wrap>
              <Button
                type="primary"
                htmlType="submit"
                icon={<SearchOutlined />}
                loading={loading}
                data-testid={`${testId}-search`}
              >
                {t('search')}
              </Button>
              {compact && hasMore && (
                <Button type="link" onClick={() => setExpanded((e) => !e)} data-testid={`${testId}-more`}>
                  {expanded ? t('less') : t('more')}
                </Button>
              )}
              <Button
                icon={<ReloadOutlined />}
                onClick={() => {
                  form.setFieldsValue(toFormValues(fields, resetParams));
                  onReset();
                }}
                data-testid={`${testId}-reset`}
              >
                {t('reset')}
              </Button>
            </Space>
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
