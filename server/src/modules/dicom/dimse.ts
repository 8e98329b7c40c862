// dcmjs-dimse is a UMD bundle: Node's ESM loader sees only its default export, so the names come from there.
// Only its Dataset is used (the modality worklist's query and answers); the network layer is ours
// (scp-association.ts, scu-association.ts).
import dimse from 'dcmjs-dimse';

export const { Dataset } = dimse;
export type Dataset = InstanceType<typeof dimse.Dataset>;
