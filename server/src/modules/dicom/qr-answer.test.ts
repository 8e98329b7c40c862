import { describe, expect, it } from 'vitest';
import { Dataset } from './dimse';
import './mwl-charset';
import { encodeElements } from './mwl-encode';
import type { QrRow } from './qr-attributes';
import { answerOf } from './qr-find';
import { parseQuery } from './qr-query';
import { IMPLICIT_LE } from './syntaxes';

const row: QrRow = {
  patient_id: 'QR001',
  patient_name: '张三',
  patient_pn: 'Zhang^San=张^三',
  patient_sex: 'M',
  patient_age: '45Y',
  study_iuid: '1.2.3',
  study_datetime: new Date(2026, 2, 10, 9, 30, 5),
  accession_no: 'ACC1',
  study_desc: '胸部CT',
  sq_doctor: 'Li Si',
  modalities: 'CT\\OT',
  studies: 4,
  series: 2,
  instances: 5,
  series_iuid: '1.2.3.1',
  modality: 'CT',
  series_number: 1,
  series_desc: '',
  sop_iuid: '1.2.3.1.1',
  sop_class_uid: '1.2.840.10008.5.1.4.1.1.2',
  instance_number: 1,
  frame_count: 1,
  transfer_syntax: '1.2.840.10008.1.2.1',
};

/** The answer as a peer reads it: encoded, then naturalized by dcmjs. */
function read(level: string, model: 'patient' | 'study', keys: Record<string, unknown>, charset = 'ISO_IR 192') {
  const q = parseQuery({ QueryRetrieveLevel: level, ...keys }, model);
  const elements = answerOf(q, row, charset, { level: q.level, aet: 'RXPACS' });
  const bytes = encodeElements(elements, IMPLICIT_LE, 'utf8');
  const { _vrMap: _, ...ds } = new Dataset(bytes, IMPLICIT_LE).getElements() as Record<string, unknown>;
  return ds;
}

describe('a Query/Retrieve answer', () => {
  it('holds the keys asked with their values, the level and the unique keys of the model above', () => {
    expect(
      read('STUDY', 'study', {
        PatientName: '',
        StudyDate: '',
        StudyTime: '',
        ModalitiesInStudy: '',
        NumberOfStudyRelatedSeries: '',
        NumberOfStudyRelatedInstances: '',
        ReferringPhysicianName: '',
        RetrieveAETitle: '',
        PatientAge: '',
      }),
    ).toEqual({
      SpecificCharacterSet: 'ISO_IR 192',
      QueryRetrieveLevel: 'STUDY',
      StudyInstanceUID: '1.2.3',
      PatientName: [{ Alphabetic: 'Zhang^San', Ideographic: '张^三' }],
      StudyDate: '20260310',
      StudyTime: '093005',
      ModalitiesInStudy: ['CT', 'OT'],
      NumberOfStudyRelatedSeries: 2,
      NumberOfStudyRelatedInstances: 5,
      ReferringPhysicianName: [{ Alphabetic: 'Li^Si' }],
      RetrieveAETitle: 'RXPACS',
      PatientAge: '045Y',
    });
  });

  it('adds the unique keys of the levels above in Patient Root; counts only at their own level', () => {
    const image = read('IMAGE', 'patient', { InstanceNumber: '', NumberOfStudyRelatedInstances: '' });
    expect(image).toEqual({
      SpecificCharacterSet: 'ISO_IR 192',
      QueryRetrieveLevel: 'IMAGE',
      PatientID: 'QR001',
      StudyInstanceUID: '1.2.3',
      SeriesInstanceUID: '1.2.3.1',
      SOPInstanceUID: '1.2.3.1.1',
      InstanceNumber: 1,
      // a study's count is not the image's: returned empty
      NumberOfStudyRelatedInstances: null,
    });
    expect(
      read('PATIENT', 'patient', { NumberOfPatientRelatedStudies: '', NumberOfPatientRelatedInstances: '' }),
    ).toEqual({
      SpecificCharacterSet: 'ISO_IR 192',
      QueryRetrieveLevel: 'PATIENT',
      PatientID: 'QR001',
      NumberOfPatientRelatedStudies: 4,
      NumberOfPatientRelatedInstances: 5,
    });
  });

  it('returns keys below the level and keys the archive keeps nothing for empty, sequences without items', () => {
    expect(
      read('SERIES', 'study', { SOPInstanceUID: '', PatientBirthDate: '', ReferencedStudySequence: [], Modality: '' }),
    ).toEqual({
      SpecificCharacterSet: 'ISO_IR 192',
      QueryRetrieveLevel: 'SERIES',
      StudyInstanceUID: '1.2.3',
      SeriesInstanceUID: '1.2.3.1',
      SOPInstanceUID: '',
      PatientBirthDate: '',
      ReferencedStudySequence: [],
      Modality: 'CT',
    });
  });

  it('declares no character set when the answers are ASCII', () => {
    expect(read('STUDY', 'study', { PatientID: '' }, '')).toEqual({
      QueryRetrieveLevel: 'STUDY',
      StudyInstanceUID: '1.2.3',
      PatientID: 'QR001',
    });
  });
});
