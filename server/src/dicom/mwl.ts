import type { Dataset } from './dimse';
import type { AppDeps } from '../context';

/**
 * Modality worklist C-FIND (1.2.840.10008.5.1.4.31): the scheduled procedures matching `request` (the query
 * data set as the listener received it) for the calling modality of `hospitalCode` ('' when the caller is
 * no registered device). Each result is one pending response's data set.
 */
export async function findWorklist(
  deps: AppDeps,
  request: Dataset | undefined,
  callingAet: string,
  hospitalCode: string,
): Promise<Dataset[]> {
  void deps;
  void request;
  void callingAet;
  void hospitalCode;
  return [];
}
