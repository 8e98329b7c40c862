import { describe, expect, it } from 'vitest';
import { CAPTCHA_ALPHABET } from '@shared/constants';
import { captchaText } from './captcha';

/**
 * Characters people take for one another (issue 40, and D/Q/G/U/V besides): an alphabet may hold at most one of each
 * group, in any case. rn/m cannot arise: the alphabet has no small letters.
 */
const LOOK_ALIKES = ['0OoQD', '1lIi', '2Zz', '5Ss', '8B', '6bG', '9gq', 'uvUV'];

describe('captcha alphabet', () => {
  it('holds no two look-alikes, in capitals (the answer is checked case-insensitively)', () => {
    expect(CAPTCHA_ALPHABET).toBe(CAPTCHA_ALPHABET.toUpperCase());
    for (const group of LOOK_ALIKES) {
      const held = [...new Set([...group.toUpperCase()])].filter((c) => CAPTCHA_ALPHABET.includes(c));
      expect(held.length, `${group}: ${held.join('')}`).toBeLessThanOrEqual(1);
    }
  });

  it('draws answers only from the stated alphabet for each type', () => {
    const letters = CAPTCHA_ALPHABET.replace(/\d/g, '');
    for (let i = 0; i < 500; i++) {
      expect(captchaText(0)).toMatch(new RegExp(`^[${CAPTCHA_ALPHABET}]{4}$`));
      expect(captchaText(1)).toMatch(new RegExp(`^[${letters}]{4}$`));
      expect(captchaText(2)).toMatch(/^[2-9]{4}$/);
    }
  });
});
