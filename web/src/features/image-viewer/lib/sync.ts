/**
 * The image of another stack at the same place as this one: by the fraction of the way through each stack
 * (first with first, last with last), so a prior of another slice count scrolls along from head to foot.
 */
export function syncedIndex(index: number, total: number, otherTotal: number): number {
  if (otherTotal <= 1 || total <= 1) return 0;
  return Math.round((index / (total - 1)) * (otherTotal - 1));
}

/**
 * Whether a window can be carried from one series to another: only between the same modality (CT's
 * Hounsfield units mean nothing on MR, whose values have no fixed scale).
 */
export const sameWindowScale = (a: string | undefined, b: string | undefined) =>
  !!a && a.toUpperCase() === b?.toUpperCase();
