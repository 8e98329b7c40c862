import { z } from 'zod';

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
