import type { ReactNode } from 'react';
import type { Modality } from '@web/lib/url-params';

/** The filter values of one list: each key is a filter the list's endpoint accepts. */
export type Filters = Record<string, string | string[] | number[]>;

/** Keys of F whose value type is V (so a field can only name a filter of its own kind). */
export type KeysOf<F, V> = { [K in keyof F]-?: F[K] extends V ? K : never }[keyof F] & string;

export type SortOrder = 'asc' | 'desc';
export interface Sort {
  column: string;
  order: SortOrder;
}

interface FieldBase {
  label: ReactNode;
  /** Appended to the list's test id prefix: `wl` + `patient-id` -> `wl-patient-id`. */
  testId: string;
  /** On phones, hidden until "more" is pressed (it keeps its value). */
  more?: boolean;
}

export interface TextField<F> extends FieldBase {
  kind: 'text';
  name: KeysOf<F, string>;
  maxLength?: number;
}
export interface SelectField<F> extends FieldBase {
  kind: 'select';
  name: KeysOf<F, string>;
  options: readonly { value: string; label: ReactNode }[];
}
export interface HospitalField<F> extends FieldBase {
  kind: 'hospital';
  name: KeysOf<F, string>;
}
export interface ModalitiesField<F> extends FieldBase {
  kind: 'modalities';
  name: KeysOf<F, Modality[]>;
}
export interface RptStatusField<F> extends FieldBase {
  kind: 'rptStatus';
  name: KeysOf<F, number[]>;
}
/** Two 'YYYY-MM-DD' filters edited by one range picker. */
export interface DateRangeField<F> extends FieldBase {
  kind: 'dateRange';
  from: KeysOf<F, string>;
  to: KeysOf<F, string>;
}
/** A select of sort choices: it sets the list's column and order, not a filter. */
export interface SortField extends FieldBase {
  kind: 'sort';
  options: readonly { value: Sort; label: ReactNode }[];
}

export type Field<F> =
  | TextField<F>
  | SelectField<F>
  | HospitalField<F>
  | ModalitiesField<F>
  | RptStatusField<F>
  | DateRangeField<F>
  | SortField;

/** What a list keeps in the URL: its filters, page and sort. */
export interface ListParams<F> {
  filters: F;
  pageNumber: number;
  pageSize: number;
  column: string;
  order: SortOrder;
}

/** Everything the URL reading and writing needs to know about a list. */
export interface ListSpec<F> {
  fields: readonly Field<F>[];
  /** Every filter unset (what "reset" goes back to). */
  empty: F;
  defaultSort: Sort;
  /** Columns the server sorts by; anything else in the URL reads as the default sort. */
  sortColumns: readonly string[];
}

/** The form name of a field (a date range is held under its `from` key). */
export const formName = <F>(f: Field<F>): string =>
  f.kind === 'sort' ? '__sort' : f.kind === 'dateRange' ? f.from : f.name;

export const sortValue = (s: Sort) => `${s.column} ${s.order}`;
