import { eq } from 'drizzle-orm';
import type { HospitalImageKind, HospitalImages } from '@shared/schemas/image-asset';
import type { AppDeps } from '../../platform/context';
import type { Tx } from '../../platform/db/client';
import { hospital } from '../../platform/db/schema';
import { forbidden, notFound } from '../../platform/core/errors';
import type { Caller } from '../../platform/http/caller';
import { auditChange } from '../../platform/audit';
import {
  checkedImage,
  imageUrls,
  privateImagePath,
  publicImagePath,
  storeImage,
} from '../../platform/images/image-asset';

type Deps = Pick<AppDeps, 'db' | 'images'>;
type Row = Pick<typeof hospital.$inferSelect, 'pk' | 'code' | 'logo' | 'sign' | 'head'>;

/**
 * The hospital, locked, if the caller administers it: the super administrator any, anyone else their own
 * (another hospital's is a 403, and nothing is stored: which hospitals exist is no secret to an administrator).
 */
async function administered(tx: Tx, c: Caller, pk: number): Promise<Row> {
  const [row] = await tx
    .select({ pk: hospital.pk, code: hospital.code, logo: hospital.logo, sign: hospital.sign, head: hospital.head })
    .from(hospital)
    .where(eq(hospital.pk, pk))
    .for('update');
  if (!row) throw notFound();
  if (!c.me.isSuper && row.code !== c.me.hospital_code) throw forbidden('forbiddenHospital');
  return row;
}

/** The hospital's images as the client shows them: the seal's address signed for the caller. */
function shown(deps: Deps, row: Row): HospitalImages {
  const url = imageUrls(deps.db);
  return { logo: url(row.logo), sign: url(row.sign), head: url(row.head) };
}

export async function hospitalImages(deps: Deps, c: Caller, pk: number): Promise<HospitalImages> {
  return shown(deps, await deps.db.transaction((tx) => administered(tx, c, pk)));
}

/**
 * Sets (an upload) or removes (null) the hospital's logo, seal (`sign`) or header image (`head`): the image is
 * checked, then the caller's scope; only then are the bytes stored (under their hash) and the column set to
 * their address, which is public for the logo and header and signed per caller for the seal. Audited.
 */
export async function setHospitalImage(
  deps: Deps,
  c: Caller,
  pk: number,
  kind: HospitalImageKind,
  file: File | null,
): Promise<HospitalImages> {
  const img = file ? await checkedImage(file, c.locale) : null;
  const after = await deps.db.transaction(async (tx) => {
    const before = await administered(tx, c, pk);
    if (img) await storeImage(deps.images, img);
    const address = !img ? '' : kind === 'sign' ? privateImagePath(img) : publicImagePath(img);
    await tx
      .update(hospital)
      .set({ [kind]: address })
      .where(eq(hospital.pk, pk));
    await auditChange(tx, c.me, {
      action: img ? 'hospital.image_upload' : 'hospital.image_remove',
      target: `hospital:${pk}`,
      before: { [kind]: before[kind] },
      after: img
        ? { [kind]: address, mime: img.mime, bytes: img.bytes.length, width: img.width, height: img.height }
        : { [kind]: '' },
      ip: c.ip,
    });
    return { ...before, [kind]: address };
  });
  return shown(deps, after);
}
