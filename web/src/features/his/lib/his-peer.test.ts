import { describe, expect, it } from 'vitest';
import { Hl7PeerSaveSchema, type Hl7PeerRow } from '@shared/schemas/his';
import { resultAddress, rowToSave } from './his-peer';

const row: Hl7PeerRow = {
  pk: 7,
  name: 'Outpatient HIS',
  hospital_code: 'H001',
  hospital_name: 'First Hospital',
  address: '10.0.8.21',
  facility: 'MZ',
  charset: 'GB 18030-2000',
  result_host: '10.0.8.21',
  result_port: 2576,
  status: 1,
};

describe('HIS interface helpers', () => {
  it('shows the result address as host:port, an IPv6 host in brackets, none when either half is empty', () => {
    expect(resultAddress(row)).toBe('10.0.8.21:2576');
    expect(resultAddress({ result_host: 'fd00::21', result_port: 2576 })).toBe('[fd00::21]:2576');
    expect(resultAddress({ result_host: '', result_port: 0 })).toBeNull();
    expect(resultAddress({ result_host: 'his.example', result_port: 0 })).toBeNull();
  });

  it('turns a listed row back into a save the shared schema accepts, unchanged', () => {
    const saved = Hl7PeerSaveSchema.parse(rowToSave(row));
    expect(saved).toEqual({
      pk: 7,
      name: 'Outpatient HIS',
      hospital_code: 'H001',
      address: '10.0.8.21',
      facility: 'MZ',
      charset: 'GB 18030-2000',
      result_host: '10.0.8.21',
      result_port: 2576,
      status: 1,
    });
  });
});
