import type { BridgeKey } from '@shared/protocol/messages';
import { currentLocale, i18n } from '@web/lib/i18n';
import { agentUrl } from './lib/agent-address';
import { BridgeCore, type OpenOutcome } from './lib/bridge-core';

export { BridgeError } from './lib/bridge-error';
export type { KeyEvent, OpenOutcome } from './lib/bridge-core';
export type { BridgePath } from './stores/bridge-store';
export type AgentKey = BridgeKey;

export interface Printer {
  name: string;
  default: boolean;
  status: string;
}
export interface Signature {
  signature: string;
  algorithm: 'RS256' | 'ES256';
  certificate: string;
}

export const bridgeCore = new BridgeCore({
  lang: currentLocale,
  message: (id) => i18n.t(`bridge:errors.${id}`, { defaultValue: i18n.t('bridge:errors.UNKNOWN') }),
  launch: (url) => window.location.assign(url),
  agentUrl,
});

/** The page's way to the workstation (viewer, USB key, printers, speaker). See docs/extension.md. */
export const bridge = {
  signChallenge: async (i: { challenge: string; pin: string; certificate_id: string }) =>
    (await bridgeCore.call('sign', i)) as Signature,
  /** Signs a report document (the server's /report/signRequest answer) with the USB key. */
  signReport: async (i: { document: string; pin: string; certificate_id: string }) =>
    (await bridgeCore.call('signReport', i)) as Signature,
  openStudy: (study_iuid: string): Promise<OpenOutcome> => bridgeCore.openStudy(study_iuid),
  closeStudy: async (study_iuid: string): Promise<void> => {
    await bridgeCore.call('closeStudy', { study_iuid });
  },
  listPrinters: async () => (await bridgeCore.call('printers', {})) as Printer[],
  printPdf: async (i: { pdf?: string; url?: string; printer?: string; copies?: number }): Promise<void> => {
    await bridgeCore.call('print', i);
  },
  printRaw: async (i: { data: string; printer?: string }): Promise<void> => {
    await bridgeCore.call('printRaw', i);
  },
  speak: async (i: { text: string; rate?: number; times?: number }): Promise<void> => {
    await bridgeCore.call('speak', i);
  },
};

/**
 * Closing a report closes the study in the local viewer when the user's `close` setting says so.
 * Returns whether a close was sent; an unreachable viewer is not an error for the report screen.
 */
export async function closeStudyIfConfigured(study_iuid: string, settings: { close?: boolean } | undefined) {
  if (!settings?.close) return false;
  try {
    await bridge.closeStudy(study_iuid);
    return true;
  } catch {
    return false;
  }
}

/**
 * Silent printing of an audited report: the agent prints a PDF it is given (base64) or fetches from the
 * platform (a URL on an allowed origin) to the configured report printer. Without a PDF, or when the
 * agent cannot print, the browser's print dialog is the fallback (docs/extension.md explains why the
 * page itself cannot hand over a PDF, and Chromium's --kiosk-printing for dialog-free browser printing).
 */
export async function printReport(
  i: { pdf?: string; url?: string; printer?: string; copies?: number },
  fallback: () => void = () => window.print(),
): Promise<'agent' | 'browser'> {
  if (i.pdf || i.url) {
    try {
      await bridge.printPdf(i);
      return 'agent';
    } catch {
      // fall through to the dialog: printing must not fail because the workstation is not set up
    }
  }
  fallback();
  return 'browser';
}
