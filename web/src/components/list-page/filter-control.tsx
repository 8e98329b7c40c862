import { DatePicker, Input, Select } from 'antd';
import { HospitalSelect, ModalitySelect, RptStatusSelect } from '@web/components/study-selects';
import { sortValue, type Field } from './fields';

interface FilterControlProps<F> {
  field: Field<F>;
  testId: string;
}

/** The antd control of one filter field (Form.Item hands it its value). */
export function FilterControl<F>({ field, testId, ...rest }: FilterControlProps<F>) {
  // Form.Item clones its child with value, onChange and id: hand them on to the control.
  const item: object = rest;
  switch (field.kind) {
    case 'text':
      return <Input allowClear maxLength={field.maxLength ?? 64} data-testid={testId} {...item} />;
    case 'select':
      return (
        <Select
          allowClear
          options={field.options.map((o) => ({ value: o.value, label: o.label }))}
          data-testid={testId}
          {...item}
        />
      );
    case 'hospital':
      return <HospitalSelect data-testid={testId} {...item} />;
    case 'modalities':
      return <ModalitySelect data-testid={testId} {...item} />;
    case 'rptStatus':
      return <RptStatusSelect data-testid={testId} {...item} />;
    case 'dateRange':
      return (
        <DatePicker.RangePicker allowEmpty={[true, true]} style={{ width: '100%' }} data-testid={testId} {...item} />
      );
    case 'sort':
      return (
        <Select
          options={field.options.map((o) => ({ value: sortValue(o.value), label: o.label }))}
          data-testid={testId}
          {...item}
        />
      );
  }
}
