import type { Socket } from 'node:net';
import type { Writable } from 'node:stream';
import type { AppDeps } from '../../platform/context';
import { loggableError } from '../../platform/core/log-error';
import type { Command } from './dimse-command';
import { Dataset } from './dimse';
import type { Indexer } from './indexer';
import { findWorklist, WorklistRefused } from './mwl';
import type { AcceptedContext, AssociateRequest } from './pdu';
import { part10Header } from '../images';
import { normaliseAddress, type AssociationDecision, type AssociationPolicy } from './policy';
import type { ReceivedQueue } from './received-queue';
import { ScpAssociation, type Decision, type Outcome } from './scp-association';
import { StagedInstance } from './staged-instance';
import { createStoreReceiver } from './store-receiver';
import { chooseSyntax, MWL_FIND } from './syntaxes';
import { DIMSE_STATUS, NOT_STORED } from './status';

export interface ScpContext {
  deps: AppDeps;
  aet: string;
  policy: AssociationPolicy;
  stagingDir: string;
  queue: ReceivedQueue;
  indexer: Indexer;
}

/** A-ASSOCIATE-RJ fields (PS3.8 9.3.4): result, source 1 (service user), reason. */
const REJECT = { permanent: 1, transient: 2, serviceUser: 1, noReason: 1, callingAe: 3, calledAe: 7 } as const;
/** Presentation context results (PS3.8 9.3.3.2). */
const CONTEXT = { accepted: 0, abstractRefused: 3, syntaxRefused: 4 } as const;

/**
 * One association with a peer: who it is decides whether it is accepted; then C-ECHO, modality worklist
 * C-FIND and C-STORE into the archive for the device's hospital. Nothing here logs patient data.
 */
export class PlatformScp extends ScpAssociation {
  private readonly address: string;
  private decision: Extract<AssociationDecision, { ok: true }> | null = null;
  private receiver: ReturnType<typeof createStoreReceiver> | null = null;
  /** The instance being received, removed if the association ends before it is complete. */
  private receiving: StagedInstance | null = null;

  constructor(
    peer: Socket,
    private readonly ctx: ScpContext,
  ) {
    super(peer, { requestMs: 30_000, idleMs: 120_000 });
    this.address = normaliseAddress(peer.remoteAddress);
  }

  private get log() {
    return this.ctx.deps.log;
  }

  protected override async decide(rq: AssociateRequest): Promise<Decision> {
    const caller = { callingAet: rq.callingAet, calledAet: rq.calledAet, address: this.address };
    try {
      const d = await this.ctx.policy.decide(caller);
      if (!d.ok) {
        this.log.warn({ ...caller, reason: d.reason }, 'dicom: association refused');
        const reason = d.reason === 'called-aet' ? REJECT.calledAe : REJECT.callingAe;
        return { ok: false, result: REJECT.permanent, source: REJECT.serviceUser, reason };
      }
      this.decision = d;
      this.log.info({ ...caller, device: d.device?.pk ?? null }, 'dicom: association accepted');
      return { ok: true, results: rq.contexts.map(resultOf) };
    } catch (err) {
      this.log.error({ err: loggableError(err), ...caller }, 'dicom: association check failed');
      return { ok: false, result: REJECT.transient, source: REJECT.serviceUser, reason: REJECT.noReason };
    }
  }

  protected override echo(): Outcome {
    return { status: 0 };
  }

  protected override async find(cmd: Command, identifier: Buffer, syntax: string) {
    if (cmd.sopClass !== MWL_FIND) return { matches: [], final: { status: DIMSE_STATUS.sopClassNotSupported } }; // SOP class not supported
    const device = this.decision?.device;
    try {
      const found = await findWorklist(
        this.ctx.deps,
        new Dataset(identifier, syntax),
        device?.aet ?? '',
        device?.hospital_code ?? '',
      );
      return { matches: found.map((ds) => ds.getDenaturalizedDataset()), final: { status: DIMSE_STATUS.success } };
    } catch (err) {
      // The query's own fault or too many matches: its status and why (PS3.4 K.4.1.1.4).
      if (err instanceof WorklistRefused)
        return { matches: [], final: { status: err.status, comment: err.comment.slice(0, 64) } };
      this.log.error({ err: loggableError(err) }, 'dicom: worklist query failed');
      return { matches: [], final: { status: DIMSE_STATUS.outOfResources } };
    }
  }

  protected override openStore(cmd: Command, syntax: string): Writable {
    const header = part10Header({
      sopClass: cmd.sopClass,
      sopInstance: cmd.sopInstance,
      transferSyntax: syntax,
      sourceAet: this.decision?.device?.aet ?? '',
    });
    const staged = new StagedInstance(this.ctx.stagingDir, header, this.socket);
    staged.on('error', (err) => this.log.error({ err: err.message }, 'dicom: staging write failed'));
    this.receiving = staged;
    return staged;
  }

  protected override async store(_cmd: Command, sink: Writable): Promise<Outcome> {
    const staged = sink as StagedInstance;
    this.receiving = null;
    try {
      const device = this.decision?.device;
      // Let in by dicom_accept_any without being a registered device: no hospital to store into.
      if (!device)
        return { status: DIMSE_STATUS.notAuthorized, comment: 'Calling AE title is not a registered device' };
      const receiver = (this.receiver ??= createStoreReceiver(this.ctx.deps, this.ctx.queue, {
        hospitalCode: device.hospital_code,
        aet: device.aet,
        ip: this.address,
      }));
      const result = await receiver.store(staged);
      if (result.status === 0) this.ctx.indexer.kick();
      else
        this.log.warn(
          { callingAet: device.aet, address: this.address, status: result.status, why: result.comment },
          'dicom: instance refused',
        );
      return result;
    } catch (err) {
      this.log.error({ err: loggableError(err) }, 'dicom: instance not stored');
      return NOT_STORED;
    } finally {
      await staged.discard();
    }
  }

  protected override ended(): void {
    const r = this.receiving;
    this.receiving = null;
    if (r) void r.discard().catch(() => undefined);
  }

  protected override failed(err: unknown): void {
    this.log.error({ err: loggableError(err), address: this.address }, 'dicom: association failed');
  }
}

function resultOf(pc: { id: number; abstractSyntax: string; transferSyntaxes: string[] }): AcceptedContext {
  const choice = chooseSyntax(pc.abstractSyntax, pc.transferSyntaxes);
  if (choice === 'abstract') return { id: pc.id, result: CONTEXT.abstractRefused, transferSyntax: '' };
  if (choice === 'syntax') return { id: pc.id, result: CONTEXT.syntaxRefused, transferSyntax: '' };
  return { id: pc.id, result: CONTEXT.accepted, transferSyntax: choice };
}
