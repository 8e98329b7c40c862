import { afterEach, describe, expect, it, vi } from 'vitest';
import { bridge, closeStudyIfConfigured, printReport } from './bridge';

vi.mock('@web/lib/i18n', () => ({ currentLocale: () => 'zh-CN', i18n: { t: (k: string) => k } }));

describe('printReport', () => {
  afterEach(() => vi.restoreAllMocks());

  it('hands the PDF to the agent and opens no dialog', async () => {
    const printPdf = vi.spyOn(bridge, 'printPdf').mockResolvedValue();
    const fallback = vi.fn();
    await expect(printReport({ url: 'http://127.0.0.1:8080/r.pdf', copies: 2 }, fallback)).resolves.toBe('agent');
    expect(printPdf).toHaveBeenCalledWith({ url: 'http://127.0.0.1:8080/r.pdf', copies: 2 });
    expect(fallback).not.toHaveBeenCalled();
  });

  it('falls back to the browser dialog when the agent cannot print or there is no PDF', async () => {
    vi.spyOn(bridge, 'printPdf').mockRejectedValue(new Error('AGENT_DOWN'));
    const fallback = vi.fn();
    await expect(printReport({ pdf: 'JVBERi0=' }, fallback)).resolves.toBe('browser');
    await expect(printReport({}, fallback)).resolves.toBe('browser');
    expect(fallback).toHaveBeenCalledTimes(2);
  });
});

describe('closeStudyIfConfigured', () => {
  afterEach(() => vi.restoreAllMocks());

  it("closes the viewer only when the user's close setting is on, and never throws", async () => {
    const closeStudy = vi.spyOn(bridge, 'closeStudy').mockResolvedValue();
    await expect(closeStudyIfConfigured('1.2.3', { close: false })).resolves.toBe(false);
    await expect(closeStudyIfConfigured('1.2.3', undefined)).resolves.toBe(false);
    expect(closeStudy).not.toHaveBeenCalled();
    await expect(closeStudyIfConfigured('1.2.3', { close: true })).resolves.toBe(true);
    expect(closeStudy).toHaveBeenCalledWith('1.2.3');
    closeStudy.mockRejectedValue(new Error('AGENT_DOWN'));
    await expect(closeStudyIfConfigured('1.2.3', { close: true })).resolves.toBe(false);
  });
});
