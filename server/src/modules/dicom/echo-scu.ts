import { DicomNetError, ScuAssociation, type DicomFailure } from './scu-association';
import { IMPLICIT_LE, VERIFICATION_SOP_CLASS } from './pdu';
import type { StoreTarget } from './store-scu';

export type EchoResult =
  | { ok: true; ms: number }
  | { ok: false; ms: number; failure: DicomFailure | 'status'; detail: string; reject?: DicomNetError['reject'] };

/** C-ECHO: associate for verification, echo, release. `ms` is the time from connecting to the echo's answer. */
export async function echo(target: StoreTarget): Promise<EchoResult> {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  let assoc: ScuAssociation | undefined;
  try {
    assoc = await ScuAssociation.open({
      ...target,
      contexts: [{ id: 1, abstractSyntax: VERIFICATION_SOP_CLASS, transferSyntaxes: [IMPLICIT_LE] }],
    });
    if (assoc.contexts.get(1)?.result !== 0) {
      assoc.abort();
      return { ok: false, ms: ms(), failure: 'status', detail: 'verification refused' };
    }
    const rsp = await assoc.echo(1);
    const took = ms();
    await assoc.release();
    if (rsp.status !== 0)
      return { ok: false, ms: took, failure: 'status', detail: `status ${rsp.status.toString(16)}` };
    return { ok: true, ms: took };
  } catch (err) {
    assoc?.abort();
    if (err instanceof DicomNetError)
      return { ok: false, ms: ms(), failure: err.kind, detail: err.detail, reject: err.reject };
    throw err;
  }
}
