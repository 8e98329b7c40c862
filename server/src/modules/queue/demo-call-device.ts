import { CALL_SETTING_DEFAULTS } from '@shared/schemas/call-devices';
import type { AppDeps } from '../../platform/context';
import { callDevice } from '../../platform/db/schema';
import { linkRooms } from './call-devices';

/** The demo's consulting rooms of H001, in the order the waiting-room screen shows them. */
const DEMO_ROOMS = ['CT1', 'CT2', 'DR1', 'DR2', 'MR1', 'US1', 'US2'];

/**
 * A waiting-room call screen of H001 with its rooms, so the registration desk has rooms to give numbers in on a
 * fresh install. It has no key: an administrator issues one ("new key") to open its screen. Run with the demo
 * images (main.ts, a new database only); the tests' platforms start without it.
 */
export async function seedDemoCallDevice(deps: AppDeps): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [d] = await tx
      .insert(callDevice)
      .values({
        hospital_code: 'H001',
        name: '候诊大厅',
        department: '放射科',
        settings: { ...CALL_SETTING_DEFAULTS, marquee: '请保持安静，留意叫号，过号请到登记台' },
      })
      .returning({ pk: callDevice.pk });
    await linkRooms(tx, 'H001', d!.pk, DEMO_ROOMS);
  });
}
