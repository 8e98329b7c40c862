import type { Modality } from '@web/lib/url-params';
import type { ListSpec } from './fields';

export interface DemoFilters {
  name: string;
  sn: string;
  kind: string;
  modalitys: Modality[];
  rpt_status: number[];
  startDate: string;
  endDate: string;
}

/** A list with one field of every kind, for the list part's unit tests. */
export const DEMO_SPEC: ListSpec<DemoFilters> = {
  empty: { name: '', sn: '', kind: '', modalitys: [], rpt_status: [], startDate: '', endDate: '' },
  defaultSort: { column: 'create_time', order: 'desc' },
  sortColumns: ['create_time', 'patient_name'],
  fields: [
    { kind: 'text', name: 'name', label: 'Name', testId: 'name' },
    { kind: 'hospital', name: 'sn', label: 'Hospital', testId: 'hospital' },
    {
      kind: 'select',
      name: 'kind',
      label: 'Kind',
      testId: 'kind',
      options: [
        { value: 'a', label: 'A' },
        { value: 'b', label: 'B' },
      ],
    },
    { kind: 'modalities', name: 'modalitys', label: 'Modality', testId: 'modalities' },
    { kind: 'rptStatus', name: 'rpt_status', label: 'Status', testId: 'status' },
    { kind: 'dateRange', from: 'startDate', to: 'endDate', label: 'Dates', testId: 'dates' },
    {
      kind: 'sort',
      label: 'Sort',
      testId: 'sort',
      options: [
        { value: { column: 'create_time', order: 'desc' }, label: 'Newest' },
        { value: { column: 'patient_name', order: 'asc' }, label: 'Name' },
      ],
    },
  ],
};

/** An in-memory Web Storage. */
export class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(i: number) {
    return [...this.items.keys()][i] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}
