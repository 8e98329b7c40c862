import { LayoutSettingsSchema, readUserSettings, type User } from '@shared/schemas/auth';
import type { hospital, role, sysUser } from '../../platform/db/schema';
import type { Locale } from '@shared/constants';

type UserRow = typeof sysUser.$inferSelect;

/** The user as the wire sees it: no password hash, settings filled with their defaults. */
export function toUser(
  u: UserRow,
  r: Pick<typeof role.$inferSelect, 'name' | 'name_en'> | null,
  h: Pick<typeof hospital.$inferSelect, 'name'> | null,
  locale: Locale,
): User {
  const layout = LayoutSettingsSchema.safeParse(u.layout ?? {});
  return {
    pk: u.pk,
    uuid: u.uuid,
    username: u.username,
    ch_name: u.ch_name,
    en_name: u.en_name,
    gender: u.gender,
    birthday: u.birthday,
    phone: u.phone,
    email: u.email,
    department: u.department,
    hospital_code: u.hospital_code,
    hospital_name: h?.name ?? '',
    role_pk: u.role_pk ?? 0,
    role_name: (locale === 'en-US' ? r?.name_en : r?.name) ?? '',
    status: u.status,
    sign: u.sign,
    head_photo: u.head_photo,
    region: u.region,
    usb_key: u.usb_key,
    bind_rpt_doctor: u.bind_rpt_doctor,
    bind_sh_doctor: u.bind_sh_doctor,
    data1: readUserSettings(u.data1),
    data2: Array.isArray(u.data2) ? u.data2 : [],
    layout: layout.success ? layout.data : LayoutSettingsSchema.parse({}),
    must_change_password: u.must_change_password === 1,
  };
}
