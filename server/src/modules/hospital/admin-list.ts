import { and, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { HOSPITAL_FILTERS, type HospitalRow, type HospitalSort } from '@shared/schemas/admin-org';
import type { AuthUser } from '../../platform/core/auth-user';
import { hospital, region } from '../../platform/db/schema';
import { defineList } from '../../platform/list/define';
import type { XlsxColumn } from '../../platform/list/xlsx-export';
import { likeText } from '../../platform/list/query';

/** A super administrator sees every hospital; any other holder of sys:hospital only their own. */
export const hospitalVisible = (user: AuthUser): SQL | undefined =>
  user.isSuper ? undefined : eq(hospital.code, user.hospital_code);

/** `%` and `_` typed by the user match themselves. */

const rowSelect = {
  pk: hospital.pk,
  sn: hospital.sn,
  code: hospital.code,
  name: hospital.name,
  address: hospital.address,
  note: hospital.note,
  title1: hospital.title1,
  title2: hospital.title2,
  region: hospital.region,
  region_name: sql<string>`coalesce(${region.name}, '')`,
  is_return: hospital.is_return,
  accept_wx_msg: hospital.accept_wx_msg,
  use_obs: hospital.use_obs,
  use_obs_download: hospital.use_obs_download,
  show_parts: hospital.show_parts,
  download_limit: hospital.download_limit,
  qrcode_type: hospital.qrcode_type,
  esign: hospital.esign,
};

const regionJoin = sql`${region.pk}::text = ${hospital.region}`;

/** POST /hospital/list and GET /hospital/exportXls: keyword over sn, code, name and address. */
export const hospitalList = defineList<HospitalRow, typeof HOSPITAL_FILTERS, HospitalSort>({
  name: 'hospital',
  sorts: { sn: hospital.sn, code: hospital.code, name: hospital.name, pk: hospital.pk },
  defaultSort: { column: 'sn', order: 'asc' },
  tiebreak: hospital.pk,
  filters: HOSPITAL_FILTERS,
  where: (f, { user }) => {
    const k = f.keyword ? likeText(f.keyword) : undefined;
    return and(
      hospitalVisible(user),
      k
        ? or(ilike(hospital.sn, k), ilike(hospital.code, k), ilike(hospital.name, k), ilike(hospital.address, k))
        : undefined,
    );
  },
  rows: async ({ db }, q) =>
    db
      .select(rowSelect)
      .from(hospital)
      .leftJoin(region, regionJoin)
      .where(q.where)
      .orderBy(...q.orderBy)
      .limit(q.limit)
      .offset(q.offset),
  count: async ({ db }, where) => Number(await db.$count(hospital, where)),
});

const QRCODE = {
  'zh-CN': ['不校验', '手机号校验', '验证码校验'],
  'en-US': ['No check', 'Phone check', 'Code check'],
} as const;
const yesNo = (v: number, zh: boolean) => (v ? (zh ? '是' : 'Yes') : zh ? '否' : 'No');

export const HOSPITAL_EXPORT_COLUMNS: XlsxColumn<HospitalRow>[] = [
  { header: { 'zh-CN': '医院编号', 'en-US': 'SN' }, width: 12, value: (r) => r.sn },
  { header: { 'zh-CN': '医院代码', 'en-US': 'Code' }, width: 12, value: (r) => r.code },
  { header: { 'zh-CN': '医院名称', 'en-US': 'Name' }, width: 28, value: (r) => r.name },
  { header: { 'zh-CN': '区域', 'en-US': 'Region' }, width: 16, value: (r) => r.region_name },
  { header: { 'zh-CN': '地址', 'en-US': 'Address' }, width: 32, value: (r) => r.address },
  { header: { 'zh-CN': '报告标题', 'en-US': 'Title 1' }, width: 24, value: (r) => r.title1 },
  { header: { 'zh-CN': '报告副标题', 'en-US': 'Title 2' }, width: 24, value: (r) => r.title2 },
  { header: { 'zh-CN': '下载限制', 'en-US': 'Download limit' }, value: (r) => r.download_limit },
  { header: { 'zh-CN': '二维码校验', 'en-US': 'QR code check' }, value: (r, l) => QRCODE[l][r.qrcode_type] ?? '' },
  { header: { 'zh-CN': '使用 OBS', 'en-US': 'Uses OBS' }, value: (r, l) => yesNo(r.use_obs, l === 'zh-CN') },
  { header: { 'zh-CN': '备注', 'en-US': 'Note' }, width: 32, value: (r) => r.note },
];
