import type { Socket } from 'node:net';
import type { Writable } from 'node:stream';
import type { AppDeps } from '../../platform/context';
import { loggableError } from '../../platform/core/log-error';
import type { Command } from './dimse-command';
import { Dataset } from './dimse';
import type { Indexer } from './indexer';
import { findWorklist, WorklistRefused } from './mwl';
import type { AcceptedContext } from './pdu';
import { part10Header } from '../images';
import { normaliseAddress, type AssociationDecision, type AssociationPolicy } from './policy';
import { findQr, type FindScope } from './qr-find';
import { getInstances } from './qr-get';
import { moveInstances } from './qr-move';
import { QueryRefused } from './qr-query';
import { refusedRetrieve } from './qr-retrieve';
import type { ReceivedQueue } from './received-queue';
import { ScpAssociation, type Decision, type Outcome, type Proposal, type RetrieveRequest } from './scp-association';
import type { RetrieveIo, RetrieveOutcome } from './scp-operation';
import { StagedInstance } from './staged-instance';
import { createStoreReceiver } from './store-receiver';
import { answerRoles, chooseSyntax, isQrFind, isQrGet, isQrMove, MWL_FIND, QR } from './syntaxes';
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
 * C-FIND, C-STORE into the archive for the device's hospital, and Query/Retrieve (C-FIND, C-MOVE, C-GET)
 * over that hospital's studies. Nothing here logs patient data.
 */
export class PlatformScp extends ScpAssociation {
  private readonly address: string;
  private decision: Extract<AssociationDecision, { ok: true }> | null = null;
  private receiver: ReturnType<typeof createStoreReceiver> | null = null;
  /** The instance being received, removed if the association ends before it is complete. */
  private receiving: StagedInstance | null = null;

  /** `address`: the peer's as a trusted load balancer reported it (PROXY protocol), else the socket's. */
  constructor(
    peer: Socket,
    private readonly ctx: ScpContext,
    address?: string,
  ) {
    super(peer, { requestMs: 30_000, idleMs: 120_000 });
    this.address = normaliseAddress(address ?? peer.remoteAddress);
  }

  private get log() {
    return this.ctx.deps.log;
  }

  protected override async decide(rq: Proposal): Promise<Decision> {
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
      const roles = answerRoles(rq.contexts, rq.roles);
      const getStorage = new Set(roles.map((r) => r.sopClass));
      return { ok: true, results: rq.contexts.map((pc) => resultOf(pc, getStorage.has(pc.abstractSyntax))), roles };
    } catch (err) {
      this.log.error({ err: loggableError(err), ...caller }, 'dicom: association check failed');
      return { ok: false, result: REJECT.transient, source: REJECT.serviceUser, reason: REJECT.noReason };
    }
  }

  protected override echo(): Outcome {
    return { status: 0 };
  }

  /** The caller's hospital and our AE title: what a Query/Retrieve sees and answers. */
  private get scope(): FindScope {
    return { hospitalCode: this.decision?.device?.hospital_code ?? '', aet: this.ctx.aet };
  }

  protected override async find(cmd: Command, identifier: Buffer, syntax: string) {
    if (isQrFind(cmd.sopClass)) return this.findQr(cmd, identifier, syntax);
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

  private async findQr(cmd: Command, identifier: Buffer, syntax: string) {
    const model = cmd.sopClass === QR.patientFind ? 'patient' : 'study';
    try {
      const { matches, pendingStatus } = await findQr(this.ctx.deps.db, this.scope, model, identifier, syntax);
      return { matches, pendingStatus, final: { status: DIMSE_STATUS.success } };
    } catch (err) {
      if (err instanceof QueryRefused) return { matches: [], final: { status: err.status, comment: err.comment } };
      this.log.error({ err: loggableError(err) }, 'dicom: query failed');
      return { matches: [], final: { status: DIMSE_STATUS.outOfResources } };
    }
  }

  protected override async retrieve(cmd: Command, rq: RetrieveRequest, io: RetrieveIo): Promise<RetrieveOutcome> {
    const move = isQrMove(cmd.sopClass);
    if (!move && !isQrGet(cmd.sopClass)) return refusedRetrieve(DIMSE_STATUS.sopClassNotSupported, '');
    const model = cmd.sopClass === QR.patientMove || cmd.sopClass === QR.patientGet ? 'patient' : 'study';
    try {
      const run = move ? moveInstances : getInstances;
      const o = await run(this.ctx.deps, this.scope, model, rq, io);
      this.log.info(
        { callingAet: this.calling?.callingAet, op: move ? 'C-MOVE' : 'C-GET', status: o.status, ...o.counts },
        'dicom: retrieve done',
      );
      return o;
    } catch (err) {
      if (err instanceof QueryRefused) return refusedRetrieve(err.status, err.comment);
      throw err;
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

function resultOf(
  pc: { id: number; abstractSyntax: string; transferSyntaxes: string[] },
  getStorage: boolean,
): AcceptedContext {
  const choice = chooseSyntax(pc.abstractSyntax, pc.transferSyntaxes, { getStorage });
  if (choice === 'abstract') return { id: pc.id, result: CONTEXT.abstractRefused, transferSyntax: '' };
  if (choice === 'syntax') return { id: pc.id, result: CONTEXT.syntaxRefused, transferSyntax: '' };
  return { id: pc.id, result: CONTEXT.accepted, transferSyntax: choice };
}
