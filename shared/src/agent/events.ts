import { z } from 'zod';
import { KeyTokenSchema } from './api';

/** Messages on the agent's WebSocket GET /events. */

export const AgentServerMessageSchema = z.discriminatedUnion('type', [
  /** Sent once on connect with the tokens present and the agent's version (older agents send none). */
  z.object({ type: z.literal('hello'), keys: z.array(KeyTokenSchema), version: z.string().max(32).optional() }),
  z.object({ type: z.literal('key-inserted'), key: KeyTokenSchema }),
  z.object({ type: z.literal('key-removed'), slot: z.string(), serial: z.string() }),
  z.object({ type: z.literal('pong') }),
]);
export type AgentServerMessage = z.infer<typeof AgentServerMessageSchema>;

export const AgentClientMessageSchema = z.discriminatedUnion('type', [z.object({ type: z.literal('ping') })]);
export type AgentClientMessage = z.infer<typeof AgentClientMessageSchema>;
