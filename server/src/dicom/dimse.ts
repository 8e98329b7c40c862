// dcmjs-dimse is a UMD bundle: Node's ESM loader sees only its default export, so the names come from there.
import dimse from 'dcmjs-dimse';

export const { Dataset, Scp, log: dimseLog } = dimse;
export const { CEchoResponse, CFindResponse, CStoreResponse } = dimse.responses;
export const { PresentationContextResult, RejectReason, RejectResult, RejectSource, Status } = dimse.constants;
export type Dataset = InstanceType<typeof dimse.Dataset>;
export type Association = dimse.association.Association;
export type PresentationContext = dimse.association.PresentationContext;
export type CEchoRequest = dimse.requests.CEchoRequest;
export type CFindRequest = dimse.requests.CFindRequest;
export type CStoreRequest = dimse.requests.CStoreRequest;
export type CEchoResponse = dimse.responses.CEchoResponse;
export type CFindResponse = dimse.responses.CFindResponse;
export type CStoreResponse = dimse.responses.CStoreResponse;
