import { bigint, bigserial, index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { report, reportVersion } from './study';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A doctor's electronic signature of a report write (issue 37, docs/report-signature.md): the canonical
 * document the USB key signed, the signature and the certificate as it was, so the signature stays
 * verifiable after the certificate is unbound, renewed or the user is gone. Never changed after insert.
 */
export const reportSignature = pgTable(
  'report_signature',
  {
    pk: bigserial('pk', { mode: 'number' }).primaryKey(),
    rpt_pk: bigint('rpt_pk', { mode: 'number' })
      .notNull()
      .references(() => report.rpt_pk, { onDelete: 'cascade' }),
    /** The version row the signed write made (the audit's, status 2; a save's, status 1). */
    version_pk: bigint('version_pk', { mode: 'number' })
      .notNull()
      .references(() => reportVersion.pk, { onDelete: 'cascade' }),
    /** `report.version` right after the signed write. */
    report_version: integer('report_version').notNull(),
    /** 'audit' or 'report' (signed at save). */
    role: varchar('role', { length: 8 }).notNull(),
    user_pk: integer('user_pk').notNull(),
    username: varchar('username', { length: 64 }).notNull(),
    signer_name: varchar('signer_name', { length: 64 }).notNull(),
    /** The canonical document (shared/src/report/signature.ts), exactly as signed. */
    document: text('document').notNull(),
    /** Base64: RS256 (PKCS#1 v1.5) or ES256 (r||s) over SHA-256(context) || SHA-256(document). */
    signature: text('signature').notNull(),
    algorithm: varchar('algorithm', { length: 8 }).notNull(),
    /** The signer's certificate, DER as base64. */
    certificate: text('certificate').notNull(),
    cert_sha256: varchar('cert_sha256', { length: 64 }).notNull(),
    cert_subject: varchar('cert_subject', { length: 512 }).notNull(),
    cert_issuer: varchar('cert_issuer', { length: 512 }).notNull(),
    cert_serial: varchar('cert_serial', { length: 128 }).notNull(),
    cert_not_after: ts('cert_not_after').notNull(),
    /** Printed on the report (text and QR code) for /verify: 16 Crockford base32 symbols. */
    verify_code: varchar('verify_code', { length: 16 }).notNull(),
    /** Where the printed QR code sends a reader: this platform's address as the signer reached it (or PUBLIC_ORIGIN). */
    verify_origin: varchar('verify_origin', { length: 256 }).notNull().default(''),
    signed_at: ts('signed_at').notNull(),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('report_signature_code_idx').on(t.verify_code), index('report_signature_rpt_idx').on(t.rpt_pk)],
);
