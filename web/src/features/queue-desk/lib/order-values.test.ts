import { describe, expect, it } from 'vitest';
import type { QueueOrder } from '../api/queue-api';
import { orderValues } from './order-values';

const order = (patient_sex: string): QueueOrder => ({
  study_pk: 1,
  study_iuid: '1.2.3',
  accession_no: 'A1',
  pat_id: 'P1',
  pat_name: '张三',
  patient_sex,
  patient_age: '45Y',
  modality: 'CT',
  study_desc: '胸部',
  study_datetime: '2026-11-28 09:00:00',
});

describe('registering a scheduled order', () => {
  it('takes the order sex, and leaves a sex the order does not record for the registrar (not other)', () => {
    expect(['M', 'F', 'O', ''].map((s) => orderValues(order(s)).patient_sex)).toEqual(['M', 'F', 'O', undefined]);
    expect(orderValues(order(''))).toMatchObject({ pat_id: 'P1', modality: 'CT', accession_no: 'A1' });
  });
});
