import { MODALITIES } from '@shared/constants';

/** The modalities a user may choose (spec section 6: their data2 list when set, in the spec's order; every one otherwise). */
export function modalitiesOf(data2: readonly string[] | undefined): readonly string[] {
  const own = data2 ?? [];
  return own.length ? MODALITIES.filter((m) => own.includes(m)) : MODALITIES;
}
