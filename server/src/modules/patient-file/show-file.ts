import { createHash } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { SUPER_ADMIN_ROLE_PK } from '@shared/constants';
import { PERMISSIONS } from '@shared/permissions';
import type { Db } from '../../platform/db/client';
import { permission, rolePermission, session, sysUser, viewerToken } from '../../platform/db/schema';
import { studyOfViewerToken } from '../images';
import type { ByteRange } from '../../platform/storage/store';

/**
 * Who opened a file with a viewer token: the token's study, and whether the session that asked for it may
 * read attachments (a token is issued to any signed-in user of the study; attachments need patfile).
 */
export async function viewerTokenHolder(db: Db, token: string, now = new Date()) {
  const studyPk = await studyOfViewerToken(db, token, now);
  if (studyPk === null) return null;
  const hash = createHash('sha256').update(token).digest('hex');
  const [row] = await db
    .select({
      role_pk: sysUser.role_pk,
      patfile: sql<boolean>`exists (
        select 1 from ${rolePermission} join ${permission} on ${permission.pk} = ${rolePermission.permission_pk}
        where ${rolePermission.role_pk} = ${sysUser.role_pk} and ${permission.perms} = ${PERMISSIONS.PATFILE}
          and ${permission.status} = '0')`,
    })
    .from(viewerToken)
    .innerJoin(session, eq(session.pk, viewerToken.session_pk))
    .innerJoin(sysUser, eq(sysUser.pk, session.user_pk))
    .where(and(eq(viewerToken.token_hash, hash), isNull(session.revoked_at), gt(session.expires_at, now)));
  if (!row) return null;
  return { studyPk, mayReadAttachments: row.role_pk === SUPER_ADMIN_ROLE_PK || Boolean(row.patfile) };
}

/**
 * The one byte range of a Range header (RFC 9110 14.1.2) against an object's size: null to send it whole
 * (no header, or several ranges, which a server may ignore), 'unsatisfiable' for a range past the end.
 */
export function byteRange(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (!m[1] && !m[2])) return null;
  if (!m[1]) {
    const suffix = Number(m[2]);
    if (!suffix || !size) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] ? Math.min(Number(m[2]), size - 1) : size - 1;
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/** content-disposition: inline, the name as ASCII for old clients and as UTF-8 (RFC 6266 / 8187). */
export function inlineDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
