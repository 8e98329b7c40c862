import { App, Form, Input, Modal, Select } from 'antd';
import type { ButtonProps } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PATIENT_TYPES, SEXES } from '@shared/constants';
import { PARTS_COUNT_MAX, type PatientEdit } from '@shared/schemas/patient';
import type { StudyDetail } from '@shared/schemas/report';
import { isApiError } from '@web/lib/api-error';
import { useMyModalities } from '@web/lib/user-info';
import { savePatient, useScanItems } from '../api/patient-api';
import { PatientIdentityFields } from './patient-identity-fields';
import { PatientTakenAlert, type PatientTaken } from './patient-reports-dialog';

type FormValues = Omit<PatientEdit, 'study_iuid'>;

/** The form's first values; a sex the form does not offer (not known, or other) is left for the user to choose. */
function initial(s: StudyDetail): Partial<FormValues> {
  const m = /^(\d+)\s*([YMDH])?$/.exec(s.patient_age.trim());
  return {
    patient_id: s.patient_id,
    patient_name: s.patient_name,
    patient_sex: (SEXES as readonly string[]).includes(s.patient_sex) ? (s.patient_sex as 'M' | 'F') : undefined,
    patient_age: m?.[1] ?? '',
    age_unit: (m?.[2] as FormValues['age_unit']) ?? 'Y',
    modality: s.modality as FormValues['modality'],
    can_report: s.can_report,
    select_bodys: s.study_desc_value.map((v) => Number(v.key)).filter((n) => Number.isInteger(n) && n > 0),
    parts_count: String(s.parts_count),
    patient_type: s.patient_type,
    department: s.department,
    bed_no: s.bed_no,
    diagnosis: s.diagnosis,
    note: s.note,
  };
}

/** Patient-info edit with the spec's validation; the server checks the same and its field errors show here. */
export function PatientEditModal({
  open,
  study,
  onClose,
  onSaved,
}: {
  open: boolean;
  study: StudyDetail;
  onClose: () => void;
  onSaved: (s: StudyDetail) => void;
}) {
  const { t } = useTranslation(['report', 'study']);
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const [saving, setSaving] = useState(false);
  const modalities = useMyModalities();
  // The save's "this patient ID already has reports" answer: its message, and whose reports the button shows.
  const [taken, setTaken] = useState<PatientTaken | null>(null);
  const close = () => {
    setTaken(null);
    onClose();
  };
  const modality = Form.useWatch('modality', form) ?? study.modality;
  const items = useScanItems(modality, '', open);
  useEffect(() => {
    if (open) form.setFieldsValue(initial(study));
  }, [open, study, form]);
  // Studies registered elsewhere name their body parts by text: preselect the scan items with those names.
  useEffect(() => {
    const current = form.getFieldValue('select_bodys') as number[] | undefined;
    if (!open || !items.data || current?.length) return;
    const names = new Set([...study.study_desc_value.map((v) => v.label), ...study.study_desc.split(',')]);
    const matched = items.data.filter((i) => names.has(i.description)).map((i) => i.scanp_id);
    if (matched.length) form.setFieldValue('select_bodys', matched);
  }, [open, items.data, study, form]);

  const finish = async (v: FormValues) => {
    setSaving(true);
    try {
      const s = await savePatient({ ...v, study_iuid: study.study_iuid });
      void message.success(t('patient.saved'));
      onSaved(s);
      close();
    } catch (e) {
      if (!isApiError(e)) throw e;
      if (e.error === 'PATIENT_HAS_REPORTS') {
        const of = { study_iuid: study.study_iuid, hospital_code: study.hospital_code, patient_id: v.patient_id };
        setTaken({ msg: e.message, of });
      } else if (e.fieldErrors.length) {
        form.setFields(e.fieldErrors.map((f) => ({ name: f.field as keyof FormValues, errors: [f.msg] })));
      } else void message.error(e.message);
    } finally {
      setSaving(false);
    }
  };

  const required = { required: true, message: t('patient.required') };
  return (
    <Modal
      open={open}
      title={t('patient.title')}
      width={640}
      onCancel={close}
      onOk={() => form.submit()}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'rw-patient-ok' } as ButtonProps}
      destroyOnHidden
    >
      {taken && <PatientTakenAlert taken={taken} />}
      <Form form={form} layout="vertical" onFinish={finish} data-testid="rw-patient">
        <PatientIdentityFields />
        <Form.Item name="modality" label={t('study:fields.modality')} rules={[required]}>
          <Select
            options={modalities.map((m) => ({ value: m, label: m }))}
            onChange={() => form.setFieldValue('select_bodys', [])}
          />
        </Form.Item>
        <Form.Item name="can_report" label={t('patient.canReport')} rules={[required]}>
          <Select options={([1, 0] as const).map((v) => ({ value: v, label: t(`patient.canReport${v}`) }))} />
        </Form.Item>
        <Form.Item name="select_bodys" label={t('patient.bodys')} rules={[required]}>
          <Select
            mode="multiple"
            loading={items.isLoading}
            optionFilterProp="label"
            options={(items.data ?? []).map((i) => ({ value: i.scanp_id, label: i.description }))}
            data-testid="rw-patient-bodys"
          />
        </Form.Item>
        <Form.Item
          name="parts_count"
          label={t('patient.partsCount')}
          rules={[
            required,
            { pattern: /^\d{1,2}$/, message: t('patient.digits') },
            {
              validator: (_, v) =>
                Number(v) <= PARTS_COUNT_MAX ? Promise.resolve() : Promise.reject(new Error(t('patient.partsMax'))),
            },
          ]}
        >
          <Input data-testid="rw-patient-parts" />
        </Form.Item>
        <Form.Item name="patient_type" label={t('patient.type')}>
          <Select allowClear options={PATIENT_TYPES.map((p) => ({ value: p, label: t(`patient.types.${p}`) }))} />
        </Form.Item>
        <Form.Item name="department" label={t('study:fields.department')} rules={[{ max: 64 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="bed_no" label={t('patient.bedNo')} rules={[{ max: 32 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="diagnosis" label={t('patient.diagnosis')} rules={[{ max: 1024 }]}>
          <Input.TextArea rows={2} />
        </Form.Item>
        <Form.Item name="note" label={t('patient.note')} rules={[{ max: 1024 }]}>
          <Input.TextArea rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
