import { describe, expect, it } from 'vitest';
import { renderPriority } from './render-priority';

describe('renderPriority', () => {
  const audit = new Date('2026-11-30T10:00:00Z');
  const after = (ms: number) => new Date(audit.getTime() + ms);

  it('renders a fresh archive at idle priority and one pending for the bound at normal priority', () => {
    expect(renderPriority(audit, after(59_999), 60_000)).toBe('idle');
    expect(renderPriority(audit, after(60_000), 60_000)).toBe('normal');
    expect(renderPriority(audit, after(3_600_000), 60_000)).toBe('normal');
  });

  it('never catches up with a bound of 0', () => {
    expect(renderPriority(audit, after(86_400_000), 0)).toBe('idle');
  });
});
