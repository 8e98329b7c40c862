import { z } from 'zod';
import { MODALITIES, NAME_MAX, NAME_MIN, PASSWORD_MAX, PASSWORD_MIN, SEXES } from '../constants';
import { FilterTextSchema, intInput, msg, pkInput } from './common';

/** Spec section 5: a phone is 11 digits, 1 then 3, 4, 5, 7 or 8. */
export const PHONE_RE = /^1[34578]\d{9}$/;
/** Sign-in names: letters, digits and . _ @ - (they travel in URLs, logs and file names). */
export const USERNAME_RE = /^[A-Za-z0-9._@-]+$/;
export const USERNAME_MAX = 64;

const optionalPk = pkInput()
  .optional()
  .or(z.literal('').transform(() => undefined));
const optionalStatus = intInput(0, 1)
  .optional()
  .or(z.literal('').transform(() => undefined));

/** The users list's `filters` keys (POST /user/findByPage, GET /user/exportXls). */
export const USER_FILTERS = {
  /** username or ch_name, contains */
  keyword: FilterTextSchema,
  /** hospital sn: only the super administrator may pick one */
  sn: z.string().trim().max(32),
  role_pk: optionalPk,
  status: optionalStatus,
  /** Self-registrations (docs/registration.md): 1 waiting for the mail link, 2 for an administrator. */
  reg_state: intInput(0, 2)
    .optional()
    .or(z.literal('').transform(() => undefined)),
};
export const UserFiltersSchema = z.strictObject(USER_FILTERS).partial();
export type UserFilters = z.input<typeof UserFiltersSchema>;

export const USER_SORTS = ['create_time', 'username', 'ch_name', 'hospital_code', 'role_pk', 'status'] as const;
export type UserSort = (typeof USER_SORTS)[number];

/** A row of the users list: never the password hash nor the bound certificate. */
export const AdminUserRowSchema = z.object({
  pk: z.number().int(),
  username: z.string(),
  ch_name: z.string(),
  en_name: z.string(),
  gender: z.string(),
  phone: z.string(),
  email: z.string(),
  department: z.string(),
  hospital_code: z.string(),
  hospital_name: z.string(),
  /** Null for a self-registration not yet given a role. */
  role_pk: z.number().int().nullable(),
  role_name: z.string(),
  /** The role's English name (its Chinese one when it has none). */
  role_name_en: z.string(),
  region: z.string(),
  /** data2: the only modalities the user may see and choose; empty: every one. */
  data2: z.array(z.string()),
  /** 1 active, 0 locked by an administrator */
  status: z.number().int(),
  /** Locked for a while after too many failed sign-ins. */
  locked_until: z.string().nullable(),
  must_change_password: z.boolean(),
  create_time: z.string(),
  /** 0 a regular account; 1 a registration waiting for its mail link, 2 waiting for a hospital and role. */
  reg_state: z.number().int(),
});
export type AdminUserRow = z.infer<typeof AdminUserRowSchema>;

const text = (max: number) => z.string().trim().max(max);

/** POST /user/save: without pk a new user (password required), with pk an edit (no password). */
export const UserSaveSchema = z.strictObject({
  pk: pkInput().optional(),
  username: z.string().trim().min(NAME_MIN).max(USERNAME_MAX).regex(USERNAME_RE, msg('usernameChars')),
  ch_name: z.string().trim().min(NAME_MIN).max(NAME_MAX),
  en_name: text(NAME_MAX).optional().default(''),
  password: z.string().min(PASSWORD_MIN).max(PASSWORD_MAX).optional(),
  gender: z
    .enum(['', ...SEXES])
    .optional()
    .default(''),
  phone: z
    .union([z.string().trim().regex(PHONE_RE), z.literal('')], msg('phoneFormat'))
    .optional()
    .default(''),
  email: z.email().max(128).or(z.literal('')).optional().default(''),
  department: text(64).optional().default(''),
  hospital_code: text(32).optional().default(''),
  role_pk: pkInput(),
  region: text(64).optional().default(''),
  status: intInput(0, 1).optional().default(1),
  /** data2 (spec section 6): the user's modalities, empty for every one; absent on an edit: unchanged. */
  data2: z
    .array(z.enum(MODALITIES))
    .max(MODALITIES.length)
    .transform((list) => MODALITIES.filter((m) => list.includes(m)))
    .optional(),
});
export type UserSave = z.input<typeof UserSaveSchema>;
export type UserSaveInput = z.output<typeof UserSaveSchema>;

export const UserPkSchema = z.strictObject({ pk: pkInput() });
export const UserLockSchema = z.strictObject({ pk: pkInput(), lock: z.boolean() });
export type UserLock = z.input<typeof UserLockSchema>;

export const UserSavedSchema = z.object({ pk: z.number().int() });
/** The one-time password of a reset, shown once to the administrator. */
export const ResetPasswordResultSchema = z.object({ password: z.string() });
export type ResetPasswordResult = z.infer<typeof ResetPasswordResultSchema>;
