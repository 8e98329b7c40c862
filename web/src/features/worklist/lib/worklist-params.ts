import { DEFAULT_PAGE_SIZE, DEFAULT_SORT, PAGE_SIZE_OPTIONS, RPT_STATUSES } from '@shared/constants';
import { ORDER_SORTS, type OrderListRequest, type OrderSort } from '@shared/schemas/order';
import {
  readDate,
  readList,
  readModalities,
  readPage,
  readText,
  writeParams,
  type Modality,
} from '@web/lib/url-params';

/** The worklist's filters and page, as kept in the URL. */
export interface WorklistParams {
  patient_name: string;
  patient_id: string;
  accession_no: string;
  sn: string;
  modalitys: Modality[];
  rpt_status: number[];
  startDate: string;
  endDate: string;
  sort: OrderSort;
  pageNumber: number;
  pageSize: number;
}

export const DEFAULT_WORKLIST: WorklistParams = {
  patient_name: '',
  patient_id: '',
  accession_no: '',
  sn: '',
  modalitys: [],
  rpt_status: [],
  startDate: '',
  endDate: '',
  sort: DEFAULT_SORT,
  pageNumber: 1,
  pageSize: DEFAULT_PAGE_SIZE,
};

export function parseWorklist(q: URLSearchParams): WorklistParams {
  const size = Number(q.get('pageSize'));
  const sort = q.get('sort') ?? '';
  return {
    patient_name: readText(q, 'patient_name'),
    patient_id: readText(q, 'patient_id'),
    accession_no: readText(q, 'accession_no'),
    sn: readText(q, 'sn'),
    modalitys: readModalities(q),
    rpt_status: readList(q, 'rpt_status')
      .map(Number)
      .filter((s) => (RPT_STATUSES as readonly number[]).includes(s)),
    startDate: readDate(q, 'startDate'),
    endDate: readDate(q, 'endDate'),
    sort: (ORDER_SORTS as readonly string[]).includes(sort) ? (sort as OrderSort) : DEFAULT_SORT,
    pageNumber: readPage(q),
    pageSize: (PAGE_SIZE_OPTIONS as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
  };
}

/** Writes only what differs from the defaults, but always the page, so a search is never an empty URL. */
export function worklistSearch(p: WorklistParams): URLSearchParams {
  return writeParams({
    patient_name: p.patient_name,
    patient_id: p.patient_id,
    accession_no: p.accession_no,
    sn: p.sn,
    modalitys: p.modalitys,
    rpt_status: p.rpt_status,
    startDate: p.startDate,
    endDate: p.endDate,
    sort: p.sort === DEFAULT_SORT ? '' : p.sort,
    pageNumber: p.pageNumber,
    pageSize: p.pageSize === DEFAULT_PAGE_SIZE ? '' : p.pageSize,
  });
}

/** The OrderList body: empty filters are left out. */
export function orderListBody(p: WorklistParams): OrderListRequest {
  const body: OrderListRequest = { pageNumber: p.pageNumber, pageSize: p.pageSize, sort: p.sort };
  if (p.patient_name) body.patient_name = p.patient_name;
  if (p.patient_id) body.patient_id = p.patient_id;
  if (p.accession_no) body.accession_no = p.accession_no;
  if (p.sn) body.sn = p.sn;
  if (p.modalitys.length) body.modalitys = p.modalitys;
  if (p.rpt_status.length) body.rpt_status = p.rpt_status;
  if (p.startDate) body.startDate = p.startDate;
  if (p.endDate) body.endDate = p.endDate;
  return body;
}
