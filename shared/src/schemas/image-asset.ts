import { z } from 'zod';
import { pkInput } from './common';

/**
 * Signature images, a hospital's seal, logo and header image (issue 37): jpg/jpeg or png told by their first
 * bytes, at most 512 KiB and 2000 x 2000 pixels. Stored content-addressed; the server answers the address an
 * image is shown from ('' none): signature and seal addresses carry a signature of the server that expires.
 */
export const SIGN_IMAGE_MAX_BYTES = 512 * 1024;
export const SIGN_IMAGE_MAX_PX = 2000;

/** A user's handwritten-signature image: POST /user/sign, uploadSign, deleteSign and the administrator's userSign... */
export const SignImageSchema = z.object({ sign: z.string() });
export type SignImage = z.infer<typeof SignImageSchema>;

/** The hospital images an administrator sets: logo, seal (`sign`) and header image (`head`). */
export const HOSPITAL_IMAGE_KINDS = ['logo', 'sign', 'head'] as const;
export type HospitalImageKind = (typeof HOSPITAL_IMAGE_KINDS)[number];
export const HospitalImagesSchema = z.object({ logo: z.string(), sign: z.string(), head: z.string() });
export type HospitalImages = z.infer<typeof HospitalImagesSchema>;

export const HospitalPkSchema = z.strictObject({ pk: pkInput() });
export const HospitalImageRemoveSchema = z.strictObject({ pk: pkInput(), kind: z.enum(HOSPITAL_IMAGE_KINDS) });
export type HospitalImageRemove = z.input<typeof HospitalImageRemoveSchema>;
