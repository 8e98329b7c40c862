import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { study } from './study';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const str = (name: string, length = 64) => varchar(name, { length }).notNull().default('');

/**
 * A hospital information system that talks HL7 v2 to us (issue 38, docs/his.md): the address its orders come
 * from (checked on every connection, as a DICOM device's), and where the results of its orders go back.
 */
export const hl7Peer = pgTable(
  'hl7_peer',
  {
    pk: serial('pk').primaryKey(),
    name: varchar('name', { length: 64 }).notNull(),
    hospital_code: varchar('hospital_code', { length: 32 }).notNull(),
    /** The sender's IP address or host name (resolved per connection). */
    address: varchar('address', { length: 128 }).notNull(),
    /** MSH-4 (sending facility) its messages carry; '' when any. Tells apart two peers behind one address. */
    facility: str('facility'),
    /** The character set (HL7 table 0211 name) of its messages that leave MSH-18 empty, and of results sent to it. */
    charset: varchar('charset', { length: 32 }).notNull().default('UNICODE UTF-8'),
    /** Where ORU^R01 results go (its MLLP listener); '' / 0: results are not sent. */
    result_host: str('result_host', 128),
    result_port: integer('result_port').notNull().default(0),
    status: smallint('status').notNull().default(1),
  },
  (t) => [uniqueIndex('hl7_peer_name_uq').on(t.name)],
);

/**
 * An order the HIS placed (HL7 ORM^O01 / OMI^O23, FHIR ServiceRequest): kept as it last arrived, with the
 * study (scheduled procedure) it made. One row per placer order number in a hospital.
 */
export const hisOrder = pgTable(
  'his_order',
  {
    pk: bigserial('pk', { mode: 'number' }).primaryKey(),
    hospital_code: varchar('hospital_code', { length: 32 }).notNull(),
    /** 'hl7' | 'fhir' */
    source: varchar('source', { length: 8 }).notNull(),
    peer_pk: integer('peer_pk'),
    app_pk: integer('app_pk'),
    /** ORC-2 / OBR-2, or the ServiceRequest's identifier. */
    placer_no: varchar('placer_no', { length: 64 }).notNull(),
    accession_no: str('accession_no'),
    patient_id: str('patient_id'),
    /** 'scheduled' | 'cancelled' | 'held' (waits for the registration desk) */
    status: varchar('status', { length: 16 }).notNull().default('scheduled'),
    study_pk: bigint('study_pk', { mode: 'number' }).references(() => study.pk, { onDelete: 'set null' }),
    /** The order's fields as mapped from the last message (shared HisOrderData). */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    /** The last message's id (MSH-10, or the FHIR resource id). */
    message_id: str('message_id', 64),
    created_at: ts('created_at').notNull().defaultNow(),
    updated_at: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('his_order_placer_uq').on(t.hospital_code, t.placer_no),
    index('his_order_study_idx').on(t.study_pk),
    index('his_order_created_idx').on(t.hospital_code, t.created_at.desc()),
  ],
);

/**
 * The HL7 messages a peer sent, by their control id (MSH-10), with the answer given: a message sent again
 * (its ACK was lost) is answered the same and not applied twice. Kept 90 days (his/hl7-listener.ts).
 */
export const hl7Message = pgTable(
  'hl7_message',
  {
    pk: bigserial('pk', { mode: 'number' }).primaryKey(),
    peer_pk: integer('peer_pk')
      .notNull()
      .references(() => hl7Peer.pk, { onDelete: 'cascade' }),
    control_id: varchar('control_id', { length: 64 }).notNull(),
    /** 'ORM^O01', 'ADT^A40' ... */
    type: varchar('type', { length: 16 }).notNull(),
    /** MSA-1 of the answer: AA, AE or AR. */
    ack_code: varchar('ack_code', { length: 2 }).notNull(),
    ack_text: str('ack_text', 256),
    received_at: ts('received_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('hl7_message_control_uq').on(t.peer_pk, t.control_id),
    index('hl7_message_received_idx').on(t.received_at),
  ],
);
