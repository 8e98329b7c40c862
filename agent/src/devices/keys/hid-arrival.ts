import type { Logger } from '../../lib/logger';

/**
 * Watches USB HID devices of one vendor and calls `onChange` when one arrives or leaves, so the key list
 * is re-read at once instead of at the next poll. node-hid loads lazily: without it nothing breaks.
 */
export async function watchHidArrival(vendorId: number, onChange: () => void, logger: Logger): Promise<() => void> {
  let devices: (vendor: number) => Promise<unknown[]>;
  try {
    const hid = await import('node-hid');
    devices = (vendor) => hid.devicesAsync(vendor, 0);
  } catch (e) {
    logger.warn({ err: (e as Error).message }, 'node-hid unavailable; USB keys are found by slot polling only');
    return () => undefined;
  }
  let count = -1;
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    devices(vendorId)
      .then((list) => {
        if (count !== -1 && list.length !== count) onChange();
        count = list.length;
      })
      .catch(() => undefined)
      .finally(() => (busy = false));
  }, 200);
  return () => clearInterval(timer);
}
