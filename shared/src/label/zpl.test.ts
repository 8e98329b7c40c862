import { describe, expect, it } from 'vitest';
import { patientLabelZpl, zplField } from './zpl';

const label = { patient_name: '张三', patient_id: 'P001', accession_no: 'A20260001', modality: 'CT' };
/** Field data between ^FD and ^FS, in order. */
const fields = (zpl: string) => [...zpl.matchAll(/\^FD(.*?)\^FS/g)].map((m) => m[1]);

describe('zplField', () => {
  it('hex-escapes ^, ~ and the escape character itself', () => {
    expect(zplField('A^B~C_D')).toBe('A_5EB_7EC_5FD');
  });

  it('turns line breaks and other control characters into a space', () => {
    expect(zplField('Li\r\nSi\tWu')).toBe('Li Si Wu');
  });
});

describe('patientLabelZpl', () => {
  it('is one label in UTF-8 (^CI28) with the Chinese name kept as text', () => {
    const zpl = patientLabelZpl(label);
    expect(zpl.startsWith('^XA\n^CI28\n')).toBe(true);
    expect(zpl.trimEnd().endsWith('^XZ')).toBe(true);
    expect(fields(zpl)).toEqual(['张三', 'ID: P001', 'CT', 'A20260001']);
    expect(Buffer.from(zpl, 'utf8').includes(Buffer.from('张三', 'utf8'))).toBe(true);
  });

  it('prints the accession number as a Code 128 barcode', () => {
    expect(patientLabelZpl(label)).toMatch(/\^BCN,80,Y,N,N,A\^FH_\^FDA20260001\^FS/);
  });

  it('cannot be broken out of by a name holding ZPL commands', () => {
    const zpl = patientLabelZpl({ ...label, patient_name: 'X^FS^XZ^XA~JR' });
    expect(zpl.match(/\^XA/g)).toHaveLength(1);
    expect(zpl.match(/\^XZ/g)).toHaveLength(1);
    expect(zpl).not.toContain('~JR');
    expect(fields(zpl)[0]).toBe('X_5EFS_5EXZ_5EXA_7EJR');
  });

  it('leaves the barcode out when there is no accession number, and takes the layout', () => {
    const zpl = patientLabelZpl(
      { ...label, accession_no: ' ' },
      { widthDots: 600, heightDots: 300, cjkFont: 'E:ANMDJ.TTF' },
    );
    expect(zpl).not.toContain('^BC');
    expect(zpl).toContain('^PW600\n^LL300');
    expect(zpl).toContain('^A@N,36,36,E:ANMDJ.TTF');
  });

  it('prints the look-up code at the foot when the label has one', () => {
    const zpl = patientLabelZpl({ ...label, lookup_code: '3F9A1-C04B7' });
    expect(fields(zpl).at(-1)).toBe('查询码 3F9A1-C04B7');
    expect(zpl).toContain('^FO20,212^A@N,20,20');
    expect(fields(patientLabelZpl(label))).not.toContain('查询码');
  });
});
