import { z } from 'zod';
import { AeTitleSchema, DeviceHostSchema } from './admin-org';
import { intInput, pkInput } from './common';
import { DicomUidSchema } from './images';

/** POST /report/forwardFile: the device (as registered: AE title, address, port) and the study to send. */
export const ForwardRequestSchema = z.strictObject({
  aet: AeTitleSchema,
  port: intInput(1, 65535),
  ip: z.string().trim().max(253).pipe(DeviceHostSchema),
  study_iuid: DicomUidSchema,
});
export type ForwardRequest = z.input<typeof ForwardRequestSchema>;

export const ForwardImageSchema = z.object({
  sop_iuid: z.string(),
  status: z.enum(['sent', 'failed']),
  msg: z.string(),
});
export type ForwardImage = z.infer<typeof ForwardImageSchema>;

export const ForwardResultSchema = z.object({
  device: z.object({ pk: z.number().int(), name: z.string(), aet: z.string() }),
  total: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  images: z.array(ForwardImageSchema),
});
export type ForwardResult = z.infer<typeof ForwardResultSchema>;

/**
 * The answer as NDJSON lines, when the client asks with `Accept: application/x-ndjson`: an image's outcome as
 * it is known, then the result (the JSON answer's success, msg and data). A plain client gets the JSON answer.
 */
export const ForwardLineSchema = z.discriminatedUnion('type', [
  ForwardImageSchema.extend({ type: z.literal('image'), done: z.number().int(), total: z.number().int() }),
  z.object({ type: z.literal('result'), success: z.boolean(), msg: z.string(), data: ForwardResultSchema }),
]);
export type ForwardLine = z.infer<typeof ForwardLineSchema>;

/** POST /device/echo: C-ECHO to a registered device. */
export const DeviceEchoSchema = z.strictObject({ pk: pkInput() });
export const EchoResultSchema = z.object({ ok: z.boolean(), ms: z.number().int(), msg: z.string() });
export type EchoAnswer = z.infer<typeof EchoResultSchema>;
