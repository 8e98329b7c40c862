import { bridgeCore, printReport } from '@web/features/agent-bridge/bridge';
import { useBridgeStore } from '@web/features/agent-bridge/stores/bridge-store';
import { fetchReportPdf } from '../api/report-pdf';
import { firstPrinter } from './print-query';

/** How long the page waits for the workstation agent to answer before it prints with the browser. */
const AGENT_WAIT_MS = 2000;

/** Detects the bridge (only now: a preview, or the server rendering the page, never touches the agent). */
async function agentLive(): Promise<boolean> {
  await bridgeCore.start();
  if (useBridgeStore.getState().agentUp) return true;
  bridgeCore.reconnect(); // the agent socket may be in its back-off
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      unsubscribe();
      resolve(false);
    }, AGENT_WAIT_MS);
    const unsubscribe = useBridgeStore.subscribe((s) => {
      if (!s.agentUp) return;
      clearTimeout(timer);
      unsubscribe();
      resolve(true);
    });
  });
}

export type PrintOutcome = { via: 'agent'; printer: string | undefined } | { via: 'browser' };

/**
 * Auto-print of an audited report: with a live workstation agent, the server's PDF goes silently to the
 * printer (printerList, else the agent's report printer); without one, or on any failure, the browser's
 * print dialog.
 */
export async function printSilently(i: {
  coreUrl: string;
  study_iuid: string;
  rpt_position: number;
  emergency: boolean;
  printerList: string;
  print: () => void;
}): Promise<PrintOutcome> {
  if (!(await agentLive())) {
    i.print();
    return { via: 'browser' };
  }
  let pdf: string | undefined;
  try {
    pdf = (
      await fetchReportPdf(i.coreUrl, { study_iuid: i.study_iuid, rpt_position: i.rpt_position, isJz: i.emergency })
    ).pdf;
  } catch {
    // no Chromium on the server, or it failed: printReport falls back to the dialog
  }
  const printer = firstPrinter(i.printerList);
  const via = await printReport({ pdf, ...(printer ? { printer } : {}) }, i.print);
  return via === 'agent' ? { via, printer } : { via };
}
