import { Alert, Button, Card, Form, Input, Table, Typography, type InputRef } from 'antd';
import { useEffect, useMemo, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { incompleteFields, lookupCodeProblem, type PatientLookupInput } from '@shared/schemas/patient-lookup';
import { isApiError } from '@web/lib/api-error';
import { usePatientLookup } from '../api/patient-lookup-api';
import { examColumns } from './exam-columns';

/** The spec's fields, kept in the address; the look-up code is typed only (never in the address or history). */
const QUERY_FIELDS = ['hospital_code', 'card_no', 'accession_no', 'patient_id'] as const;
const FIELDS = [...QUERY_FIELDS, 'lookup_code'] as const;

/** /patientInfo (no sign-in): a patient looks up their exams and opens audited reports read-only. */
export function PatientInfoPage() {
  const { t } = useTranslation('patientLookup');
  const [params, setParams] = useSearchParams();
  const initial = useMemo(
    () => Object.fromEntries(QUERY_FIELDS.map((f) => [f, (params.get(f) ?? '').slice(0, 64)])) as PatientLookupInput,
    // The address fills the form once; later edits live in the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const [form] = Form.useForm<PatientLookupInput>();
  const values = Form.useWatch([], form) ?? initial;
  const missing = incompleteFields(values);
  const codeMissing = lookupCodeProblem(values.lookup_code) === 'missing';
  const lookup = usePatientLookup();
  // An address that names the patient (a link from the hospital's site or the printed slip) leaves only the code
  // to type: it never travels in an address. The cursor waits there, and Enter searches.
  const codeInput = useRef<InputRef>(null);
  useEffect(() => {
    if (incompleteFields(initial).length === 0) codeInput.current?.focus();
  }, [initial]);

  const search = (v: PatientLookupInput) => {
    if (incompleteFields(v).length > 0 || lookupCodeProblem(v.lookup_code) === 'missing') return;
    setParams(Object.fromEntries(QUERY_FIELDS.map((f) => [f, v[f] ?? ''])), { replace: true });
    lookup.mutate(v);
  };

  const columns = examColumns(t);

  const error = isApiError(lookup.error) ? lookup.error : null;
  return (
    <div style={{ maxWidth: 1100, margin: '32px auto', padding: '0 16px' }} data-testid="pl-page">
      <Card title={t('title')}>
        <Form
          form={form}
          layout="inline"
          initialValues={initial}
          onFinish={search}
          style={{ rowGap: 12, marginBottom: 16 }}
        >
          {FIELDS.map((f) => (
            <Form.Item
              key={f}
              name={f}
              label={t(`field.${f}`)}
              tooltip={f === 'lookup_code' ? t('codeHint') : undefined}
            >
              <Input
                allowClear
                maxLength={64}
                data-testid={`pl-${f}`}
                style={{ width: 180 }}
                {...(f === 'lookup_code'
                  ? {
                      placeholder: '3F9A1-C04B7',
                      autoComplete: 'off',
                      ref: codeInput,
                      // Enter right after the last character (a fast typist, a scanner) searches with what
                      // was typed, not after the button has caught up; the form's own submit would wait.
                      onPressEnter: (e: KeyboardEvent<HTMLInputElement>) => {
                        e.preventDefault();
                        form.submit();
                      },
                    }
                  : {})}
              />
            </Form.Item>
          ))}
          <Form.Item>
            <Button
              type="primary"
              htmlType="submit"
              disabled={missing.length > 0 || codeMissing}
              loading={lookup.isPending}
              data-testid="pl-search"
            >
              {t('search')}
            </Button>
          </Form.Item>
        </Form>
        {(missing.length > 0 || codeMissing) && (
          <Alert
            type="warning"
            showIcon
            data-testid="pl-incomplete"
            title={t('incomplete')}
            description={t('incompleteHint', {
              fields: [...missing, ...(codeMissing ? (['lookup_code'] as const) : [])]
                .map((f) => t(`field.${f}`))
                .join(t('sep')),
            })}
            style={{ marginBottom: 16 }}
          />
        )}
        {error && (
          <Alert type="error" showIcon data-testid="pl-error" title={error.message} style={{ marginBottom: 16 }} />
        )}
        {lookup.data && (
          <Table
            rowKey="study_iuid"
            size="middle"
            columns={columns}
            dataSource={lookup.data.list}
            pagination={false}
            locale={{ emptyText: t('none') }}
            data-testid="pl-exams"
            data-status="ready"
          />
        )}
        <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0 }}>
          {t('privacy')}
        </Typography.Paragraph>
      </Card>
    </div>
  );
}
