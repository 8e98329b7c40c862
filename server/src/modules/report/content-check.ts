import { eq } from 'drizzle-orm';
import type { Locale } from '@shared/constants';
import type { Db } from '../../platform/db/client';
import { contentRule } from '../../platform/db/schema';

type Rule = typeof contentRule.$inferSelect;
const RULES_TTL_MS = 10_000;
const cache = new WeakMap<Db, { at: number; rules: Rule[] }>();

/** Rules change rarely and are read on every save: keep them for a few seconds. */
async function activeRules(db: Db): Promise<Rule[]> {
  const hit = cache.get(db);
  if (hit && Date.now() - hit.at < RULES_TTL_MS) return hit.rules;
  const rules = await db.select().from(contentRule).where(eq(contentRule.status, 1));
  cache.set(db, { at: Date.now(), rules });
  return rules;
}

export interface ContentFinding {
  feature: string;
  content: string;
}

/** Whether a rule's words are found, leaving aside the patient's sex. */
function fires(r: Rule, findings: string, opinion: string): boolean {
  if (r.kind === 'pair' && r.word_b)
    return (
      findings.includes(r.word_a) &&
      !findings.includes(r.word_b) &&
      opinion.includes(r.word_b) &&
      !opinion.includes(r.word_a)
    );
  if (r.kind === 'sex' && r.sex) return findings.includes(r.word_a) || opinion.includes(r.word_a);
  return false;
}

/**
 * Configurable checks on a report's wording: a side named in the findings but the other side in the
 * opinion ('pair'), or an organ word that the patient's sex cannot have ('sex').
 */
export async function checkContent(
  db: Db,
  texts: { findings: string; opinion: string; sex: string },
  locale: Locale,
): Promise<ContentFinding[]> {
  const rules = await activeRules(db);
  const out: ContentFinding[] = [];
  for (const r of rules) {
    if (!fires(r, texts.findings, texts.opinion) || (r.kind === 'sex' && r.sex !== texts.sex)) continue;
    const feature = locale === 'en-US' && r.feature_en ? r.feature_en : r.feature;
    out.push({ feature, content: r.kind === 'pair' ? `${r.word_a} / ${r.word_b}` : r.word_a });
  }
  return out;
}

/**
 * For a statement that checks the patient's sex itself: the sexes this text fails the check for, or
 * null when a rule fails it whatever the sex.
 */
export async function failingSexes(db: Db, texts: { findings: string; opinion: string }): Promise<string[] | null> {
  const sexes: string[] = [];
  for (const r of await activeRules(db)) {
    if (!fires(r, texts.findings, texts.opinion)) continue;
    if (r.kind !== 'sex') return null;
    sexes.push(r.sex);
  }
  return sexes;
}
