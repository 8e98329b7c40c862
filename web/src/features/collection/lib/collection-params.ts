import dayjs from 'dayjs';
import { DEFAULT_PAGE_SIZE } from '@shared/constants';
import type { CollectionListRequest } from '@shared/schemas/order';
import { readDate, readModalities, readPage, readText, writeParams, type Modality } from '@web/lib/url-params';

export interface CollectionParams {
  sn: string;
  patient_name: string;
  startDate: string;
  endDate: string;
  modalitys: Modality[];
  study_desc: string;
  report_content: string;
  pageNumber: number;
}

/** An empty URL means "first visit": the date range defaults to today (spec). */
export function parseCollection(q: URLSearchParams, today = dayjs().format('YYYY-MM-DD')): CollectionParams {
  const first = q.toString() === '';
  return {
    sn: readText(q, 'sn'),
    patient_name: readText(q, 'patient_name'),
    startDate: first ? today : readDate(q, 'startDate'),
    endDate: first ? today : readDate(q, 'endDate'),
    modalitys: readModalities(q),
    study_desc: readText(q, 'study_desc'),
    report_content: readText(q, 'report_content'),
    pageNumber: readPage(q),
  };
}

export const collectionSearch = (p: CollectionParams) => writeParams({ ...p });

export function collectionBody(p: CollectionParams): CollectionListRequest {
  const body: CollectionListRequest = { pageNumber: p.pageNumber, pageSize: DEFAULT_PAGE_SIZE };
  if (p.sn) body.sn = p.sn;
  if (p.patient_name) body.patient_name = p.patient_name;
  if (p.startDate) body.startDate = p.startDate;
  if (p.endDate) body.endDate = p.endDate;
  if (p.modalitys.length) body.modalitys = p.modalitys;
  if (p.study_desc) body.study_desc = p.study_desc;
  if (p.report_content) body.report_content = p.report_content;
  return body;
}
