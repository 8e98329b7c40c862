import { z } from 'zod';
import { NAME_MAX, NAME_MIN, REMARK_MAX } from '../constants';
import { msg, pkInput } from './common';

/** A role as the roles screen and the user form's role select see it. */
export const RoleRowSchema = z.object({
  pk: z.number().int(),
  code: z.string(),
  name: z.string(),
  name_en: z.string(),
  note: z.string(),
  /** How many users hold it (a held role cannot be deleted). */
  users: z.number().int(),
  /** Role 1: holds every permission without assignment; not editable nor deletable. */
  builtin: z.boolean(),
  /** The hospital whose own role it is, or null: shared by every hospital (the super administrator's). */
  hospital_code: z.string().nullable(),
});
export type RoleRow = z.infer<typeof RoleRowSchema>;

export const ROLE_CODE_RE = /^[A-Za-z][A-Za-z0-9_]*$/;

/** POST /role/save: without pk a new role. */
export const RoleSaveSchema = z.strictObject({
  pk: pkInput().optional(),
  code: z.string().trim().min(NAME_MIN).max(64).regex(ROLE_CODE_RE, msg('roleCodeChars')),
  name: z.string().trim().min(NAME_MIN).max(NAME_MAX),
  name_en: z.string().trim().max(NAME_MAX).optional().default(''),
  note: z.string().trim().max(REMARK_MAX).optional().default(''),
  /**
   * On create: the hospital whose role it is. The super administrator names one, or '' (or nothing) for a
   * role every hospital shares; anyone else gets their own hospital's. Fixed once created.
   */
  hospital_code: z.string().trim().max(32).optional(),
});
export type RoleSave = z.input<typeof RoleSaveSchema>;

export const RolePkSchema = z.strictObject({ pk: pkInput() });
export const RolePermissionsQuerySchema = z.strictObject({ role_pk: pkInput() });

export const PERMISSION_KEYS_MAX = 500;
export const RoleSavePermissionsSchema = z.strictObject({
  role_pk: pkInput(),
  keys: z
    .array(z.string().trim().min(1).max(64))
    .max(PERMISSION_KEYS_MAX)
    .transform((keys) => [...new Set(keys)]),
});
export type RoleSavePermissions = z.input<typeof RoleSavePermissionsSchema>;

/** One node of the menu/permission tree: menu_type 0 folder, 1 page, 2 action. */
export interface PermissionNode {
  key: string;
  title: string;
  menu_type: number;
  perms: string;
  /** Its code is installation-wide: only a shared role may hold it (and only the super administrator uses it). */
  installation?: boolean;
  children?: PermissionNode[];
}
// Not z.lazy: the OpenAPI document cannot describe a recursive zod schema; children are nodes of this shape.
export const PermissionNodeSchema = z.object({
  key: z.string(),
  title: z.string(),
  menu_type: z.number().int(),
  perms: z.string(),
  installation: z.boolean().optional(),
  children: z.array(z.unknown()).optional().describe('nodes of the same shape'),
});

/** The whole tree (names in the caller's language) and the keys the role holds. */
export const RolePermissionsSchema = z.object({
  tree: z.array(PermissionNodeSchema),
  checked: z.array(z.string()),
  /** Role 1: every permission, not editable. */
  readonly: z.boolean(),
});
export interface RolePermissions {
  tree: PermissionNode[];
  checked: string[];
  readonly: boolean;
}
