import { createHash, timingSafeEqual } from 'node:crypto';
import type { Locale } from '@shared/constants';
import { SIGN_IMAGE_MAX_BYTES, SIGN_IMAGE_MAX_PX } from '@shared/schemas/image-asset';
import { AppError } from '../core/errors';
import { translate, type MessageKey, type Params } from '../core/i18n';
import type { SecretBox } from '../core/secret-box';
import type { ImageStore } from '../storage/store';
import { imageSize, imageType, type ImageMime } from './image-bytes';
import './messages';

/**
 * Uploaded images other than DICOM (signatures, seals, logos, header images): checked by their bytes, stored in
 * the image store content-addressed (`files/assets/<sha256>.<ext>`, never replaced), and shown from an address
 * the database column holds. Logos and header images are public (`/tool/image/<name>`); signatures and seals
 * (`/tool/signImage/<name>`) are shown only through an address the server signs for whoever may see them.
 */

export interface CheckedImage {
  bytes: Buffer;
  mime: ImageMime;
  /** `<sha256>.<jpg|png>`: the object's name, and the last part of its address. */
  name: string;
  width: number;
  height: number;
}

const NAME = /^[0-9a-f]{64}\.(jpg|png)$/;
export const isAssetName = (name: string) => NAME.test(name);
const assetKey = (name: string) => `files/assets/${name}`;
const mimeOf = (name: string): ImageMime => (name.endsWith('.png') ? 'image/png' : 'image/jpeg');

function refused(locale: Locale, key: MessageKey, params?: Params): AppError {
  const e = new AppError(400, 'VALIDATION', key, params);
  e.errors = [{ field: 'file', msg: translate(locale, key, params) }];
  return e;
}

/** The upload if it is a jpg or png (by its bytes) of at most 512 KiB and 2000 x 2000 pixels; else a 400 on `file`. */
export async function checkedImage(file: File, locale: Locale): Promise<CheckedImage> {
  if (file.size > SIGN_IMAGE_MAX_BYTES) throw refused(locale, 'imageTooLarge', { kib: SIGN_IMAGE_MAX_BYTES / 1024 });
  const bytes = Buffer.from(await file.arrayBuffer());
  if (bytes.length > SIGN_IMAGE_MAX_BYTES) throw refused(locale, 'imageTooLarge', { kib: SIGN_IMAGE_MAX_BYTES / 1024 });
  const mime = imageType(bytes);
  if (!mime) throw refused(locale, 'imageNotJpgPng');
  const size = imageSize(bytes, mime);
  if (!size) throw refused(locale, 'imageNoSize');
  if (size.width > SIGN_IMAGE_MAX_PX || size.height > SIGN_IMAGE_MAX_PX)
    throw refused(locale, 'imageTooManyPixels', { ...size, max: SIGN_IMAGE_MAX_PX });
  const hex = createHash('sha256').update(bytes).digest('hex');
  return { bytes, mime, name: `${hex}.${mime === 'image/png' ? 'png' : 'jpg'}`, ...size };
}

/** Stores the image under its hash (the same bytes again are a no-op). */
export async function storeImage(store: ImageStore, img: CheckedImage): Promise<void> {
  await store.put(assetKey(img.name), img.bytes);
}

/** A stored image's bytes by name, or null. */
export async function readImage(store: ImageStore, name: string): Promise<{ bytes: Buffer; mime: ImageMime } | null> {
  if (!isAssetName(name)) return null;
  const found = await store.get(assetKey(name));
  if (!found) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of found.body) chunks.push(Buffer.from(chunk as Buffer));
  return { bytes: Buffer.concat(chunks), mime: mimeOf(name) };
}

export const PUBLIC_IMAGE_PATH = '/tool/image/';
export const PRIVATE_IMAGE_PATH = '/tool/signImage/';
/** The address a logo or header image is shown from (what the column holds). */
export const publicImagePath = (img: CheckedImage) => `${PUBLIC_IMAGE_PATH}${img.name}`;
/** The address a signature or seal is kept as (what the column holds); shown only signed (imageUrls). */
export const privateImagePath = (img: CheckedImage) => `${PRIVATE_IMAGE_PATH}${img.name}`;

/** A signed address is good for one to two hours: the same within an hour, so a browser's cache still serves it. */
const HOUR = 3600;
const MAC_PURPOSE = 'sign-image';
const macText = (name: string, exp: number) => `${name}.${exp}`;

/**
 * Which key signs the image addresses of one app (by its database handle, which every service holds): the
 * image-assets module sets it at start from the installation's secret key (SECRET_KEY or DATA_DIR/secret.key),
 * so every process of one installation signs and checks alike.
 */
const signers = new WeakMap<object, SecretBox>();
export const signImagesWith = (db: object, box: SecretBox) => void signers.set(db, box);
function signer(db: object): SecretBox {
  const box = signers.get(db);
  if (!box) throw new Error('image signing is not set up: the image-assets module has not started');
  return box;
}

/**
 * What the client is given for a stored address: a signature's or seal's with `exp` and `sig` (good for 1 to
 * 2 hours), anything else as it is ('' stays '').
 */
export function imageUrls(db: object, now = new Date()): (stored: string) => string {
  const box = signer(db);
  const exp = (Math.floor(now.getTime() / 1000 / HOUR) + 2) * HOUR;
  return (stored) => {
    if (!stored.startsWith(PRIVATE_IMAGE_PATH)) return stored;
    const name = stored.slice(PRIVATE_IMAGE_PATH.length);
    if (!isAssetName(name)) return stored;
    return `${stored}?exp=${exp}&sig=${box.mac(MAC_PURPOSE, macText(name, exp))}`;
  };
}

/** Whether `sig` is this installation's for `name` until `exp` (seconds), and `exp` has not passed. */
export function signedImageValid(db: object, name: string, exp: number, sig: string, now = new Date()): boolean {
  if (!isAssetName(name) || !Number.isSafeInteger(exp) || exp * 1000 <= now.getTime()) return false;
  const want = Buffer.from(signer(db).mac(MAC_PURPOSE, macText(name, exp)));
  const got = Buffer.from(sig);
  return want.length === got.length && timingSafeEqual(want, got);
}
