import { createContext, useContext } from 'react';
import type { Esign, SignRequestResult } from '@shared/schemas/report-signature';

/** What the signing dialog answers: the key's signature, the auditor's choice to go on unsigned, or cancel (null). */
export type SignOutcome = { esign: Esign } | { unsigned: true } | null;

/**
 * Signs a report document with the user's USB key (PIN dialog, workstation bridge). The app layer provides
 * it from the cert-login feature (features do not import each other); without it nothing is signed.
 * `optional`: the dialog offers to go on without a signature.
 */
export type ReportSigner = (request: SignRequestResult, o: { optional: boolean }) => Promise<SignOutcome>;

export const ReportSignerContext = createContext<ReportSigner | null>(null);
export const useReportSigner = () => useContext(ReportSignerContext);

/**
 * Whether an audit goes through the signing dialog: always where the hospital requires it (mode 2; a user
 * with no certificate bound is then told so by the server), and where it is optional (mode 1) for an
 * auditor who has bound one.
 */
export const auditSigns = (mode: number, certBound: boolean) => mode === 2 || (mode === 1 && certBound);
