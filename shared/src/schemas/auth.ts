import { z } from 'zod';
import { CAPTCHA_LENGTH, LOCALES } from '../constants';
import { LAYOUT_DEFAULTS } from '../layout-defaults';
import { HotkeysSchema, keptHotkeys } from './hotkeys';

export const YesNoSchema = z.enum(['Y', 'N']);

export const LoginFormSchema = z.object({
  username: z.string().trim().min(1).max(64),
  // Plain text, or base64 ciphertext when use_aes is Y.
  password: z.string().min(1).max(256),
  logon_type: z.string().max(16).default('PC'),
  captchaKey: z.string().max(64).optional().default(''),
  inputCode: z
    .string()
    .trim()
    .max(CAPTCHA_LENGTH * 2)
    .optional()
    .default(''),
  use_aes: z
    .union([YesNoSchema, z.enum(['true', 'false'])])
    .optional()
    .transform((v) => v === 'Y' || v === 'true'),
});
export type LoginForm = z.input<typeof LoginFormSchema>;

/** The image viewer's layouts: one, two side by side, four. */
export const VIEWER_LAYOUTS = ['1x1', '1x2', '2x2'] as const;
export type ViewerLayout = (typeof VIEWER_LAYOUTS)[number];
/** A modality as DICOM writes it (CT, MR, DX...): the key of a remembered layout. */
const ModalityKey = z.string().regex(/^[A-Z0-9]{1,8}$/);

export const UserSettingsSchema = z.object({
  close: z.boolean().default(false),
  modalitys: z.array(z.string().max(8)).max(20).default([]),
  modality_btn: z.boolean().default(true),
  report_btn: z.boolean().default(true),
  wechat_accept: z.boolean().default(false),
  order_btn: z.boolean().default(true),
  order_audio_play_num: z.number().int().min(1).max(20).default(1),
  oneClickAudit: z.boolean().default(false),
  openOrderTime: z.boolean().default(false),
  autoShRptClose: z.boolean().default(false),
  userTimeCount: z.boolean().default(false),
  show_no_report_list: z.boolean().default(false),
  /** Ray (image) quality choice on the report screen; image_quality is then required. */
  showray: z.boolean().default(false),
  /** The image viewer's layout the user chose last, per modality (a study without one follows the defaults). */
  viewer_layouts: z
    .record(ModalityKey, z.enum(VIEWER_LAYOUTS))
    .refine((o) => Object.keys(o).length <= 40, { message: 'too many modalities' })
    .optional(),
  /** The desk's keys the user chose, over the defaults (schemas/hotkeys.ts). */
  hotkeys: HotkeysSchema.default({}),
});
export type UserSettings = z.infer<typeof UserSettingsSchema>;

/**
 * A user's stored settings (data1) as the server gives them out: filled with their defaults, a desk key no longer
 * allowed left out (keptHotkeys); all defaults when the rest cannot be read. A save merges into this, so a stored
 * key refused by a newer rule never makes an unrelated save reset the user's settings.
 */
export function readUserSettings(stored: unknown): UserSettings {
  const raw = stored && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  const parsed = UserSettingsSchema.safeParse({ ...raw, hotkeys: keptHotkeys(raw.hotkeys) });
  return parsed.success ? parsed.data : UserSettingsSchema.parse({});
}

/**
 * A save of some of an object's fields: the fields given, nothing else. (zod 4's partial() still fills an absent
 * field with its default, so saving one field reset all the others: the viewer saving a layout reset the desk's.)
 */
function patchOf(shape: Record<string, z.ZodType>) {
  return z.object(
    Object.fromEntries(
      Object.entries(shape).map(([k, v]) => [
        k,
        ((v instanceof z.ZodDefault ? v.unwrap() : v) as z.ZodType).optional(),
      ]),
    ),
  );
}

/** data1 as a save sends it. */
export const UserSettingsPatchSchema = patchOf(UserSettingsSchema.shape) as unknown as z.ZodType<Partial<UserSettings>>;

/** The settings drawer, kept per user on the server. */
export const LayoutSettingsSchema = z.object({
  navTheme: z.enum(['dark', 'light']).default(LAYOUT_DEFAULTS.navTheme),
  primaryColor: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .default(LAYOUT_DEFAULTS.primaryColor),
  layout: z.enum(['side', 'top']).default(LAYOUT_DEFAULTS.layout),
  contentWidth: z.enum(['Fixed', 'Fluid']).default(LAYOUT_DEFAULTS.contentWidth),
  fixedHeader: z.boolean().default(LAYOUT_DEFAULTS.fixedHeader),
  autoHideHeader: z.boolean().default(LAYOUT_DEFAULTS.autoHideHeader),
  fixSiderbar: z.boolean().default(LAYOUT_DEFAULTS.fixSiderbar),
  colorWeak: z.boolean().default(LAYOUT_DEFAULTS.colorWeak),
  multiTab: z.boolean().default(LAYOUT_DEFAULTS.multiTab),
  showLockScreen: z.boolean().default(LAYOUT_DEFAULTS.showLockScreen),
});
export type LayoutSettings = z.infer<typeof LayoutSettingsSchema>;

export const UserSchema = z.object({
  pk: z.number().int(),
  uuid: z.string(),
  username: z.string(),
  ch_name: z.string(),
  en_name: z.string(),
  gender: z.string(),
  birthday: z.string(),
  phone: z.string(),
  email: z.string(),
  department: z.string(),
  hospital_code: z.string(),
  hospital_name: z.string(),
  role_pk: z.number().int(),
  role_name: z.string(),
  status: z.number().int(),
  sign: z.string(),
  head_photo: z.string(),
  region: z.string(),
  usb_key: z.string(),
  bind_rpt_doctor: z.string(),
  bind_sh_doctor: z.string(),
  data1: UserSettingsSchema,
  data2: z.array(z.string()),
  layout: LayoutSettingsSchema,
  /** An administrator reset the password: until it is changed the session may do nothing else. */
  must_change_password: z.boolean(),
});
export type User = z.infer<typeof UserSchema>;

/**
 * Why the user should change the password now: an administrator reset it (nothing else is allowed until it
 * is changed), it expired (`days` since it was last changed), or it expires soon (`days` left).
 */
export const PASSWORD_NOTICE_REASONS = ['admin_reset', 'expired', 'expiring'] as const;
export const PasswordNoticeSchema = z.object({ reason: z.enum(PASSWORD_NOTICE_REASONS), days: z.number().int() });
export type PasswordNotice = z.infer<typeof PasswordNoticeSchema>;

export const LoginResultSchema = z.object({
  token: z.string(),
  expires_in: z.number().int(),
  user: UserSchema,
  /** True for an expired password and for one an administrator reset (older clients; see password_notice). */
  password_expire: z.boolean(),
  /** password_notice as a sentence in the request's language (older clients). */
  password_expire_message: z.string(),
  /** The reason to change the password, for the client to word in its own language; null: none. */
  password_notice: PasswordNoticeSchema.nullable(),
  update_password_time: z.string(),
  free_disk: z.number().nullable(),
  /**
   * For the super administrator of an installation on the embedded database: requests it turned away or kept
   * waiting over a second in the last day (time to move to PostgreSQL); null otherwise.
   */
  db_strain: z.object({ shed: z.number().int(), waited: z.number().int() }).nullable(),
});
export type LoginResult = z.infer<typeof LoginResultSchema>;

export const MenuItemSchema = z
  .object({
    key: z.string(),
    path: z.string(),
    title: z.string(),
    icon: z.string(),
    get children() {
      return z.array(MenuItemSchema).optional();
    },
  })
  .meta({ id: 'MenuItem' });
export type MenuItem = z.infer<typeof MenuItemSchema>;

/** auth: the caller's permissions; allAuth: every rule, status '0' active, type '2' ignored. */
export const AuthEntrySchema = z.object({ action: z.string(), describe: z.string(), type: z.string() });
export const AllAuthEntrySchema = AuthEntrySchema.extend({ status: z.string() });
export type AuthEntry = z.infer<typeof AuthEntrySchema>;
export type AllAuthEntry = z.infer<typeof AllAuthEntrySchema>;

export const UserInfoSchema = z.object({
  user: UserSchema,
  menus: z.array(MenuItemSchema),
  auth: z.array(AuthEntrySchema),
  allAuth: z.array(AllAuthEntrySchema),
});
export type UserInfo = z.infer<typeof UserInfoSchema>;

export const RefreshResultSchema = z.object({ token: z.string(), expires_in: z.number().int() });
export const CheckPasswordSchema = z.object({ password: z.string().min(1).max(256) });
export const UserConfigSchema = z.object({
  data1: UserSettingsPatchSchema.optional(),
  layout: (patchOf(LayoutSettingsSchema.shape) as unknown as z.ZodType<Partial<LayoutSettings>>).optional(),
});

/** The addresses /page1, /page2/{newId}/{newTitle} and /temp lead to ('' when not set up). */
export const StaticPagesSchema = z.object({ page1: z.string(), page2: z.string(), temp: z.string() });
export type StaticPages = z.infer<typeof StaticPagesSchema>;

export const FootTitleSchema = z.object({
  data: z.string(),
  version: z.string(),
  title: z.string(),
  aes: YesNoSchema,
  aes_key: z.string(),
  use_password_check: YesNoSchema,
  new_web_page_url: z.string(),
  old_web_page_url: z.string(),
  title_color: z.string(),
});
export type FootTitle = z.infer<typeof FootTitleSchema>;

const CaptchaKeySchema = z
  .string()
  .min(8)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);

export const CaptchaQuerySchema = z.object({
  t: CaptchaKeySchema,
  captcha_type: z.coerce.number().int().min(0).max(2).default(0),
});

/** The spoken captcha of key t, in the page's language (else the request's Accept-Language). */
export const CaptchaAudioQuerySchema = z.object({
  t: CaptchaKeySchema,
  lang: z.enum(LOCALES).optional(),
});

export const PwdErrorRowSchema = z.object({
  key: z.string(),
  name: z.string(),
  count: z.number().int(),
  last_time: z.string(),
  locked: z.boolean(),
  /** Some address is waiting out a back-off for this username (failures from strangers, or typing). */
  throttled: z.boolean(),
});
export type PwdErrorRow = z.infer<typeof PwdErrorRowSchema>;
export const PwdErrorKeySchema = z.object({ key: z.string().min(1).max(64) });
