/** WCAG 2 contrast (1.4.3): AA asks 4.5:1 for normal text. */
export const AA_TEXT = 4.5;

function channels(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h.slice(0, 6);
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

const toHex = (rgb: readonly number[]) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

function luminance(rgb: readonly number[]): number {
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two opaque colours (#rgb or #rrggbb), 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [la, lb] = [luminance(channels(a)), luminance(channels(b))];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/**
 * The colour itself when it reads at `min` against `against`, else the same hue mixed towards black by the
 * least whole percent that does: a chosen theme colour keeps its look, its text and its white-on-colour
 * buttons become legible.
 */
export function darkenTo(hex: string, against = '#ffffff', min = AA_TEXT): string {
  const rgb = channels(hex);
  for (let pct = 0; pct <= 100; pct++) {
    const mixed = toHex(rgb.map((c) => c * (1 - pct / 100)));
    if (contrastRatio(mixed, against) >= min) return mixed;
  }
  return '#000000';
}
