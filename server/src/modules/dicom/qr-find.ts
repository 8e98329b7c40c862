import type { Db } from '../../platform/db/client';
import { Dataset } from './dimse';
import { attributeOf, originalCharset } from './mwl-charset';
import { CHARSETS, charsetForTexts, encodeElements, type Element } from './mwl-encode';
import { LEVELS, QR_ATTRIBUTES, rankOf, UNIQUE_KEY, type AnswerContext, type QrRow } from './qr-attributes';
import { parseQuery, QueryRefused, type Model, type QrQuery } from './qr-query';
import { matchesAt } from './qr-sql';
import { DIMSE_STATUS } from './status';
import { QR_STATUS } from './qr-status';

/**
 * More matches than this: the query is refused as too wide (0xA700 with a comment saying so) rather than
 * answered in part, as the worklist does: C-FIND has no warning status to tell a peer its list is cut short.
 */
export const QR_MAX_MATCHES = 1000;

export interface FindScope {
  /** The calling device's hospital; '' (a caller let in without being a device) finds nothing. */
  hospitalCode: string;
  /** Our AE title (Retrieve AE Title). */
  aet: string;
}

/**
 * Query/Retrieve C-FIND (Patient Root or Study Root): the archive's matches at the query level, each one
 * pending response's data set in the query's transfer syntax and character set. Throws QueryRefused with
 * the status to answer.
 */
export async function findQr(
  db: Db,
  scope: FindScope,
  model: Model,
  identifier: Buffer,
  syntax: string,
): Promise<{ matches: Buffer[]; pendingStatus: number }> {
  let elements: Record<string, unknown>;
  try {
    elements = new Dataset(identifier, syntax).getElements() as Record<string, unknown>;
  } catch {
    throw new QueryRefused(DIMSE_STATUS.cannotUnderstand, 'The identifier cannot be read');
  }
  const q = parseQuery(elements, model);
  const pendingStatus = q.unsupported ? QR_STATUS.pendingUnsupportedKeys : DIMSE_STATUS.pending;
  if (!scope.hospitalCode) return { matches: [], pendingStatus };
  const rows = await matchesAt(db, scope.hospitalCode, q, QR_MAX_MATCHES + 1);
  if (rows.length > QR_MAX_MATCHES)
    throw new QueryRefused(DIMSE_STATUS.outOfResources, `More than ${QR_MAX_MATCHES} matches: narrow the query`);
  const texts = rows.map((r) => [r.patient_name, r.patient_pn, r.study_desc, r.series_desc, r.sq_doctor].join(''));
  const charset = charsetForTexts(originalCharset(elements), texts);
  const context: AnswerContext = { level: q.level, aet: scope.aet };
  const matches = rows.map((r) => encodeElements(answerOf(q, r, charset, context), syntax, CHARSETS[charset]!));
  return { matches, pendingStatus };
}

const CHARSET_TAG = 0x00080005;
const LEVEL_TAG = 0x00080052;

/** The unique keys every answer carries: the query level's and those of the levels above it in the model. */
function uniqueKeys(q: QrQuery): string[] {
  const top = q.model === 'study' ? rankOf('STUDY') : 0;
  return LEVELS.slice(top, rankOf(q.level) + 1).map((l) => UNIQUE_KEY[l]);
}

/**
 * One answer: SpecificCharacterSet (unless ASCII), QueryRetrieveLevel, the unique keys and every key asked.
 * A key below the query level, or one the archive keeps nothing for, is returned empty (zero length, or a
 * sequence without items); a keyword outside the dictionary cannot be encoded and is left out.
 */
export function answerOf(q: QrQuery, r: QrRow, charset: string, c: AnswerContext): Element[] {
  const out: Element[] = [{ tag: LEVEL_TAG, vr: 'CS', value: q.level }];
  if (charset) out.push({ tag: CHARSET_TAG, vr: 'CS', value: charset });
  for (const key of new Set([...uniqueKeys(q), ...q.keys])) {
    const d = attributeOf(key);
    if (!d || d.tag === CHARSET_TAG || d.tag === LEVEL_TAG) continue;
    const a = QR_ATTRIBUTES[key];
    // 'US or SS', 'OB or OW': an empty value of either reads the same; UN keeps explicit VR well formed.
    const vr = /^[A-Z]{2}$/.test(d.vr) ? d.vr : 'UN';
    if (vr === 'SQ') out.push({ tag: d.tag, vr, value: [] });
    else out.push({ tag: d.tag, vr, value: a && rankOf(a.level) <= rankOf(q.level) ? a.value(r, c) : '' });
  }
  return out;
}
