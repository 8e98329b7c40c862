import { and, eq } from 'drizzle-orm';
import type { FhirPatient, FhirServiceRequest } from '@shared/schemas/fhir-order';
import type { Db } from '../../platform/db/client';
import type { Fanout } from '../../platform/realtime/fanout';
import { hisOrder, study } from '../../platform/db/schema';
import type { AppCaller } from '../oauth';
import { patientEvent, placerOf, serviceRequestEvent } from './fhir-map';
import type { OrderView } from './fhir-resources';
import { applyEvent, type OrderSource } from './order-store';

/** An app's FHIR order entry on the order store HL7 uses (docs/his.md). */

type Deps = { db: Db; fanout: Fanout };

const sourceOf = (app: AppCaller, messageId: string): OrderSource => ({
  source: 'fhir',
  hospital_code: app.hospitalCode,
  app_pk: app.appPk,
  who: `app:${app.appName}`,
  message_id: messageId.slice(0, 64),
  now: new Date(),
});

async function orderView(db: Db, where: ReturnType<typeof and>): Promise<OrderView | null> {
  const [row] = await db
    .select({ o: hisOrder, iuid: study.study_iuid })
    .from(hisOrder)
    .leftJoin(study, eq(study.pk, hisOrder.study_pk))
    .where(where)
    .limit(1);
  return row ? { ...row.o, study_iuid: row.iuid } : null;
}

/**
 * Places, changes or cancels the order a ServiceRequest names (by its placer identifier, in the app's
 * hospital). `created` when the order is new. Throws Refusal for what cannot be taken.
 */
export async function placeOrder(deps: Deps, app: AppCaller, r: FhirServiceRequest) {
  const { db } = deps;
  const event = serviceRequestEvent(r);
  const mine = and(eq(hisOrder.hospital_code, app.hospitalCode), eq(hisOrder.placer_no, placerOf(r)));
  const before = await orderView(db, mine);
  await applyEvent(deps, sourceOf(app, r.id ?? placerOf(r)), event);
  const after = (await orderView(db, mine))!;
  return { order: after, created: !before || before.status === 'new' };
}

/** An order the app placed, or null (another app's, another hospital's, or none). */
export const readOrder = (db: Db, app: AppCaller, pk: number) =>
  orderView(
    db,
    and(
      eq(hisOrder.pk, pk),
      eq(hisOrder.hospital_code, app.hospitalCode),
      eq(hisOrder.source, 'fhir'),
      eq(hisOrder.app_pk, app.appPk),
    ),
  );

/** A Patient's details for every live study of that patient id in the app's hospital (as ADT^A08). */
export async function updatePatient(deps: Deps, app: AppCaller, p: FhirPatient) {
  const event = patientEvent(p);
  const applied = await applyEvent(deps, sourceOf(app, p.id ?? ''), event);
  return { patient_id: event.kind === 'patient' ? event.patient.id : '', studies: applied.studies ?? 0 };
}
