import type { Locale } from '@shared/constants';
import type { EchoResult } from './echo-scu';
import type { StoreFailure, StoreTarget } from './store-scu';
import { translate } from '../../platform/core/i18n';

const SYNTAX_NAMES: Record<string, string> = {
  '1.2.840.10008.1.2': 'Implicit VR Little Endian',
  '1.2.840.10008.1.2.1': 'Explicit VR Little Endian',
  '1.2.840.10008.1.2.4.50': 'JPEG Baseline',
  '1.2.840.10008.1.2.4.51': 'JPEG Extended',
  '1.2.840.10008.1.2.4.57': 'JPEG Lossless',
  '1.2.840.10008.1.2.4.70': 'JPEG Lossless SV1',
  '1.2.840.10008.1.2.4.80': 'JPEG-LS Lossless',
  '1.2.840.10008.1.2.4.90': 'JPEG 2000 Lossless',
  '1.2.840.10008.1.2.4.91': 'JPEG 2000',
  '1.2.840.10008.1.2.5': 'RLE Lossless',
};
const syntaxName = (uid: string) => (SYNTAX_NAMES[uid] ? `${SYNTAX_NAMES[uid]} (${uid})` : uid);

/** Why an instance (or the whole association) failed, in the caller's language. */
export function failureText(locale: Locale, f: StoreFailure, target: StoreTarget, sopClass = ''): string {
  switch (f.kind) {
    case 'sopClassRefused':
      return translate(locale, 'fwdSopClassRefused', { sopClass });
    case 'syntaxRefused':
      return translate(locale, 'fwdSyntaxRefused', { syntax: syntaxName(f.transferSyntax) });
    case 'status':
      return translate(locale, 'fwdStatus', {
        status: f.status.toString(16).padStart(4, '0').toUpperCase(),
        comment: f.comment,
      });
    case 'missing':
      return translate(locale, 'fwdMissing');
    case 'unreadable':
      return translate(locale, 'fwdUnreadable', { detail: f.detail });
    case 'net':
      return netText(locale, f, target);
  }
}

function netText(locale: Locale, f: Extract<StoreFailure, { kind: 'net' }>, target: StoreTarget): string {
  const where = { host: target.host, port: target.port };
  switch (f.failure) {
    case 'refused':
      return translate(locale, 'fwdRefused', where);
    case 'unreachable':
      return translate(locale, 'fwdUnreachable', where);
    case 'timeout':
      return translate(locale, 'fwdTimeout');
    case 'aborted':
      return translate(locale, 'fwdAborted');
    case 'protocol':
      return translate(locale, 'fwdProtocol', { detail: f.detail });
    case 'closed':
      return translate(locale, 'fwdClosed', { detail: f.detail });
    case 'rejected': {
      const rj = f.reject ?? { result: 0, source: 0, reason: 0 };
      // PS3.8 9.3.4: source 1 (service user) reason 3 calling AE title, 7 called AE title not recognised.
      if (rj.source === 1 && rj.reason === 3) return translate(locale, 'fwdRejectCalling', { aet: target.callingAet });
      if (rj.source === 1 && rj.reason === 7) return translate(locale, 'fwdRejectCalled', { aet: target.calledAet });
      return translate(locale, 'fwdRejectOther', rj);
    }
  }
}

/**
 * A C-ECHO's outcome in three answers only: a DICOM device answered, it rejected the association (with the
 * AE title hint when it named ours or its own), or no DICOM device is at the address: refused, reset,
 * silent and non-DICOM peers read alike, and nothing the peer sent is quoted.
 */
export function echoText(locale: Locale, r: EchoResult, target: StoreTarget): string {
  if (r.ok) return translate(locale, 'echoOk', { ms: r.ms });
  return translate(locale, 'echoFailed', { reason: echoReason(locale, r, target) });
}

function echoReason(locale: Locale, r: Extract<EchoResult, { ok: false }>, target: StoreTarget): string {
  switch (r.failure) {
    case 'rejected':
      if (r.reject?.source === 1 && r.reject.reason === 3)
        return translate(locale, 'fwdRejectCalling', { aet: target.callingAet });
      if (r.reject?.source === 1 && r.reject.reason === 7)
        return translate(locale, 'fwdRejectCalled', { aet: target.calledAet });
      return translate(locale, 'echoRejected');
    case 'status':
    case 'aborted':
      return translate(locale, 'echoRejected');
    default:
      return translate(locale, 'echoNoPeer');
  }
}
