/** A failed bridge call: `id` is an agent error id (PIN_INCORRECT, ...) or EXTENSION_MISSING, AGENT_DOWN, TIMEOUT. */
export class BridgeError extends Error {
  constructor(
    readonly id: string,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'BridgeError';
  }
}
