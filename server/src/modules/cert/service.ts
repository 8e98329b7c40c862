import { and, eq, ne } from 'drizzle-orm';
import type { Locale } from '@shared/constants';
import type { CertBinding, CertLoginResult, CertProof } from '@shared/schemas/cert';
import type { AppDeps } from '../../platform/context';
import { sysUser } from '../../platform/db/schema';
import { AppError } from '../../platform/core/errors';
import { translate } from '../../platform/core/i18n';
import { fmt } from '../../platform/core/time';
import { audit } from '../../platform/audit';
import { completeSignIn, type ClientMeta, findUser } from '../auth';
import { clock, consumeChallenge } from './challenge';
import { checkValidity, parseCertificate, verifyProof, type ParsedCert, type Validity } from './proof';

/** Challenge, signature and validity: the proof of possession shared by sign-in and bind. */
async function prove(deps: AppDeps, proof: CertProof, purpose: 'login' | 'bind', caller: string, origin: string) {
  await consumeChallenge(deps, proof.challenge, purpose, caller);
  const cert = parseCertificate(proof.certificate);
  await verifyProof(cert, proof, origin);
  return { cert, validity: checkValidity(cert, clock(deps)) };
}

const warningOf = (v: Validity, locale: Locale) =>
  v.nearExpiry ? translate(locale, 'certExpiring', { days: v.daysLeft }) : '';

async function userOfCert(deps: AppDeps, cert: ParsedCert) {
  const [row] = await deps.db
    .select({ pk: sysUser.pk })
    .from(sysUser)
    .where(eq(sysUser.usb_key, cert.fingerprint))
    .limit(1);
  return row ? findUser(deps.db, { pk: row.pk }) : null;
}

export async function certLogin(
  deps: AppDeps,
  proof: CertProof,
  caller: string | null,
  origin: string,
  meta: ClientMeta,
): Promise<CertLoginResult> {
  try {
    if (!caller) throw new AppError(400, 'CHALLENGE_INVALID', 'certChallengeInvalid');
    const { cert, validity } = await prove(deps, proof, 'login', caller, origin);
    const found = await userOfCert(deps, cert);
    if (!found) throw new AppError(403, 'CERT_NOT_BOUND', 'certNotBound');
    const result = await completeSignIn(deps, found, meta, 'cert');
    return { ...result, cert_days_left: validity.daysLeft, cert_expire_warning: warningOf(validity, meta.locale) };
  } catch (e) {
    if (e instanceof AppError) {
      await audit(deps.db, { action: 'login_failed', ip: meta.ip, detail: { method: 'cert', error: e.error } });
    }
    throw e;
  }
}

export async function certBind(
  deps: AppDeps,
  user: { pk: number; username: string; sessionPk: number },
  proof: CertProof,
  caller: string,
  origin: string,
  locale: Locale,
): Promise<CertBinding> {
  const { cert, validity } = await prove(deps, proof, 'bind', caller, origin);
  const owner = await userOfCert(deps, cert);
  if (owner && owner.u.pk !== user.pk) throw new AppError(409, 'CERT_BOUND_OTHER', 'certBoundOther');
  try {
    await deps.db.update(sysUser).set({ usb_key: cert.fingerprint }).where(eq(sysUser.pk, user.pk));
  } catch (e) {
    // Another user bound the same certificate between the check and the update: the unique index says no.
    const [other] = await deps.db
      .select({ pk: sysUser.pk })
      .from(sysUser)
      .where(and(eq(sysUser.usb_key, cert.fingerprint), ne(sysUser.pk, user.pk)));
    if (other) throw new AppError(409, 'CERT_BOUND_OTHER', 'certBoundOther');
    throw e;
  }
  await audit(deps.db, { user_pk: user.pk, username: user.username, action: 'cert_bind', target: cert.fingerprint });
  return {
    usb_key: cert.fingerprint,
    subject: cert.subject,
    not_after: fmt(cert.notAfter),
    days_left: validity.daysLeft,
    warning: warningOf(validity, locale),
  };
}

export async function certUnbind(deps: AppDeps, user: { pk: number; username: string }): Promise<void> {
  const [row] = await deps.db
    .update(sysUser)
    .set({ usb_key: '' })
    .where(and(eq(sysUser.pk, user.pk), ne(sysUser.usb_key, '')))
    .returning({ pk: sysUser.pk });
  if (!row) throw new AppError(409, 'CERT_NOT_BOUND', 'certNoneBound');
  await audit(deps.db, { user_pk: user.pk, username: user.username, action: 'cert_unbind' });
}
