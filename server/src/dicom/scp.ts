import type { Socket } from 'node:net';
import {
  CEchoResponse,
  CFindResponse,
  CStoreResponse,
  Dataset,
  PresentationContextResult,
  RejectReason,
  RejectResult,
  RejectSource,
  Scp,
  Status,
  type Association,
  type CEchoRequest,
  type CFindRequest,
  type CStoreRequest,
  type PresentationContext,
} from './dimse';
import type { Writable } from 'node:stream';
import type { AppDeps } from '../context';
import { loggableError } from '../lib/log-error';
import { findWorklist, WorklistRefused } from './mwl';
import { part10Header } from './part10-header';
import { normaliseAddress, type AssociationDecision, type AssociationPolicy } from './policy';
import { StagedInstance } from './staged-instance';
import { createStoreReceiver, STORE_STATUS } from './store-receiver';
import { chooseSyntax, MWL_FIND } from './syntaxes';

export interface ScpContext {
  deps: AppDeps;
  aet: string;
  policy: AssociationPolicy;
  stagingDir: string;
}

/** The largest P-DATA PDU we receive (the caller's own limit still applies to what it sends). */
const MAX_PDU = 1 << 20;

/**
 * One association with a peer: who it is decides whether it is accepted; then C-ECHO, modality worklist
 * C-FIND and C-STORE into the archive for the device's hospital. Nothing here logs patient data.
 */
export class PlatformScp extends Scp {
  private readonly address: string;
  private decision: Extract<AssociationDecision, { ok: true }> | null = null;
  private receiver: ReturnType<typeof createStoreReceiver> | null = null;
  private readonly staged = new WeakMap<object, StagedInstance>();
  /** The instance being received, removed if the association ends before it is complete. */
  private receiving: StagedInstance | null = null;

  constructor(
    private readonly peer: Socket,
    private readonly ctx: ScpContext,
  ) {
    super(peer, { associationTimeout: 30_000, pduTimeout: 60_000, connectTimeout: 120_000 });
    this.address = normaliseAddress(peer.remoteAddress);
    this.on('close', () => void this.dropReceiving());
    this.on('networkError', (err: Error) => {
      ctx.deps.log.debug({ err: err.message, address: this.address }, 'dicom: connection error');
      void this.dropReceiving();
      peer.destroy();
    });
  }

  private get log() {
    return this.ctx.deps.log;
  }

  override associationRequested(association: Association): void {
    const caller = {
      callingAet: association.getCallingAeTitle().trim(),
      calledAet: association.getCalledAeTitle().trim(),
      address: this.address,
    };
    this.ctx.policy.decide(caller).then(
      (d) => {
        if (!d.ok) {
          this.log.warn({ ...caller, reason: d.reason }, 'dicom: association refused');
          this.sendAssociationReject(
            RejectResult.Permanent,
            RejectSource.ServiceUser,
            d.reason === 'called-aet' ? RejectReason.CalledAeNotRecognized : RejectReason.CallingAeNotRecognized,
          );
          return;
        }
        this.decision = d;
        this.negotiate(association);
        this.sendAssociationAccept();
        this.log.info({ ...caller, device: d.device?.pk ?? null }, 'dicom: association accepted');
      },
      (err: unknown) => {
        this.log.error({ err: loggableError(err), ...caller }, 'dicom: association check failed');
        this.sendAssociationReject(RejectResult.Transient, RejectSource.ServiceUser, RejectReason.NoReasonGiven);
      },
    );
  }

  private negotiate(association: Association) {
    association.setMaxPduLength(MAX_PDU);
    for (const { id } of association.getPresentationContexts()) {
      const pc = association.getPresentationContext(id);
      const choice = chooseSyntax(pc.getAbstractSyntaxUid(), pc.getTransferSyntaxUids());
      if (choice === 'abstract') pc.setResult(PresentationContextResult.RejectAbstractSyntaxNotSupported);
      else if (choice === 'syntax') pc.setResult(PresentationContextResult.RejectTransferSyntaxesNotSupported);
      else pc.setResult(PresentationContextResult.Accept, choice);
    }
  }

  override associationReleaseRequested(): void {
    this.sendAssociationReleaseResponse();
  }

  override abort(): void {
    void this.dropReceiving();
  }

  override cEchoRequest(request: CEchoRequest, callback: (response: CEchoResponse) => void): void {
    const response = CEchoResponse.fromRequest(request);
    response.setStatus(Status.Success);
    callback(response);
  }

  override cFindRequest(request: CFindRequest, callback: (responses: CFindResponse[]) => void): void {
    const final = CFindResponse.fromRequest(request);
    if (request.getAffectedSopClassUid() !== MWL_FIND) {
      final.setStatus(Status.SopClassNotSupported);
      callback([final]);
      return;
    }
    const device = this.decision?.device;
    findWorklist(this.ctx.deps, request.getDataset(), device?.aet ?? '', device?.hospital_code ?? '').then(
      (found) => {
        const pending = found.map((ds) => {
          const r = CFindResponse.fromRequest(request);
          r.setDataset(ds);
          r.setStatus(Status.Pending);
          return r;
        });
        final.setStatus(Status.Success);
        callback([...pending, final]);
      },
      (err: unknown) => {
        if (err instanceof WorklistRefused) {
          // The query's own fault or too many matches: its status and why (PS3.4 K.4.1.1.4).
          final.setStatus(err.status);
          final.setErrorComment(err.comment.slice(0, 64));
        } else {
          this.log.error({ err: loggableError(err) }, 'dicom: worklist query failed');
          final.setStatus(Status.ProcessingFailure);
        }
        callback([final]);
      },
    );
  }

  override createStoreWritableStream(context: PresentationContext, request: CStoreRequest): Writable {
    const header = part10Header({
      sopClass: request.getAffectedSopClassUid(),
      sopInstance: request.getAffectedSopInstanceUid(),
      transferSyntax: context.getAcceptedTransferSyntaxUid() ?? '',
      sourceAet: this.decision?.device?.aet ?? '',
    });
    const staged = new StagedInstance(this.ctx.stagingDir, header, this.peer);
    staged.on('error', (err) => this.log.error({ err: err.message }, 'dicom: staging write failed'));
    this.receiving = staged;
    this.staged.set(request, staged);
    return staged;
  }

  override createDatasetFromStoreWritableStream(
    _writable: Writable,
    _context: PresentationContext,
    callback: (dataset: Dataset) => void,
  ): void {
    // The bytes stay in the staged file; cStoreRequest reads them from there.
    callback(new Dataset());
  }

  override cStoreRequest(request: CStoreRequest, callback: (response: CStoreResponse) => void): void {
    const staged = this.staged.get(request);
    this.receiving = null;
    const response = CStoreResponse.fromRequest(request);
    void this.storeStaged(request, staged)
      .then(({ status, comment }) => {
        response.setStatus(status);
        if (comment) response.setErrorComment(comment);
      })
      .catch((err: unknown) => {
        this.log.error({ err: loggableError(err) }, 'dicom: instance not stored');
        response.setStatus(STORE_STATUS.outOfResources);
        response.setErrorComment('Out of resources: the instance was not stored');
      })
      .finally(() => callback(response));
  }

  private async storeStaged(request: CStoreRequest, staged: StagedInstance | undefined) {
    if (!staged) throw new Error('C-STORE without a staged data set');
    try {
      const device = this.decision?.device;
      // Let in by dicom_accept_any without being a registered device: no hospital to store into.
      if (!device)
        return { status: STORE_STATUS.notAuthorized, comment: 'Calling AE title is not a registered device' };
      const receiver = (this.receiver ??= this.openReceiver(device));
      const result = await receiver.store(request.getAffectedSopInstanceUid(), await staged.bytes());
      if (result.status !== 0)
        this.log.warn(
          { callingAet: this.decision?.device?.aet, address: this.address, status: result.status, why: result.comment },
          'dicom: instance refused',
        );
      return result;
    } finally {
      await staged.discard();
    }
  }

  private openReceiver(device: { aet: string; hospital_code: string }) {
    return createStoreReceiver(this.ctx.deps, {
      hospitalCode: device.hospital_code,
      who: { pk: 0, username: `dicom:${device.aet}`.slice(0, 64) },
      ip: this.address,
    });
  }

  private async dropReceiving() {
    const r = this.receiving;
    this.receiving = null;
    if (r) await r.discard().catch(() => undefined);
  }
}
