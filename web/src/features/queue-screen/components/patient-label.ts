import type { TFunction } from 'i18next';
import { callNoLabel } from '@shared/schemas/queue';

/** A patient as the screen shows them, by call_type: 1 the number (with its prefix), 2 the (masked) name, 3 both. */
export function patientLabel(
  t: TFunction<'queueScreen'>,
  callType: number,
  p: { call_no: number; call_prefix: string; pat_name: string },
): string {
  const no = t('callNo', { no: callNoLabel(p.call_prefix, p.call_no) });
  if (callType === 1) return no;
  if (callType === 2) return p.pat_name;
  return `${no} ${p.pat_name}`;
}
