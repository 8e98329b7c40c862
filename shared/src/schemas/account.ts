import { z } from 'zod';
import { PHONE_RE } from './admin-user';
import { msg } from './common';

/**
 * Password change (spec section 5): old, new and repeat are required; the rules on the new password
 * (6 to 16 with a-z, A-Z and 0-9, repeat equal, different from the old) are checked by the server with
 * messages in the caller's language, and by the form with the same STRONG_PASSWORD_RE.
 */
export const UpdatePasswordSchema = z.object({
  old_password: z.string().min(1).max(256),
  new_password: z.string().min(1).max(256),
  repeat_password: z.string().min(1).max(256),
});
export type UpdatePassword = z.infer<typeof UpdatePasswordSchema>;

export const PROFILE_NAME_MAX = 64;
export const PROFILE_EMAIL_MAX = 128;
/** The earliest birthday the profile accepts (later than any living person's). */
export const BIRTHDAY_MIN = '1900-01-01';

/**
 * POST /user/updateProfile, the signed-in user's own profile (spec section 5 "Profile"): names, gender and
 * birthday required, phone optional with the spec's pattern, email optional. Department, hospital and role
 * are the administrator's.
 */
export const UpdateProfileSchema = z.strictObject({
  ch_name: z.string().trim().min(1).max(PROFILE_NAME_MAX),
  en_name: z.string().trim().min(1).max(PROFILE_NAME_MAX),
  gender: z.enum(['M', 'F']),
  /** YYYY-MM-DD; the server also wants it between BIRTHDAY_MIN and today. */
  birthday: z.iso.date(),
  phone: z
    .union([z.string().trim().regex(PHONE_RE), z.literal('')], msg('phoneFormat'))
    .optional()
    .default(''),
  email: z.email().max(PROFILE_EMAIL_MAX).or(z.literal('')).optional().default(''),
});
export type UpdateProfile = z.input<typeof UpdateProfileSchema>;

/** Avatars: jpg/jpeg or png (told by their first bytes, not their name), at most 512 KiB. */
export const AVATAR_MAX_BYTES = 512 * 1024;
export const AVATAR_TYPES = ['image/jpeg', 'image/png'] as const;
export type AvatarType = (typeof AVATAR_TYPES)[number];
