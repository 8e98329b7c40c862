import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { SPEAK_DEFAULT_RATE } from '@shared/agent/constants';

/** A web origin exactly as browsers send it: scheme://host[:port], no path or trailing slash. */
const OriginSchema = z.string().regex(/^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$|^https?:\/\/\[[0-9a-f:]+\](:\d{1,5})?$/i, {
  message: 'expected scheme://host[:port]',
});

export const AgentConfigSchema = z.strictObject({
  allowedOrigins: z.array(OriginSchema).default([]),
  /** Chrome extension ids (32 letters a-p) whose chrome-extension:// origin may call the agent. */
  allowedExtensionIds: z
    .array(z.string().regex(/^[a-p]{32}$/, { message: 'expected a 32-letter extension id' }))
    .default([]),
  viewer: z
    .strictObject({
      command: z.string().default(''),
      openArgs: z.array(z.string()).default(['{study_iuid}']),
      closeArgs: z.array(z.string()).default(['--close', '{study_iuid}']),
      protocol: z
        .string()
        .regex(/^[a-z][a-z0-9+.-]*$/, { message: 'expected a URL scheme' })
        .default('rxpacs'),
    })
    .prefault({}),
  pkcs11: z
    .strictObject({
      module: z.string().default(''),
      pollMs: z.number().int().min(50).max(10_000).default(500),
      /** USB vendor id of the key (e.g. 0x096e); when set, HID arrival triggers an immediate slot poll. */
      hidVendorId: z.number().int().min(0).max(0xffff).optional(),
    })
    .prefault({}),
  printers: z.strictObject({ report: z.string().default(''), label: z.string().default('') }).prefault({}),
  speech: z
    .strictObject({
      engine: z.enum(['espeak-ng', 'sapi', 'say']).optional(),
      voice: z.string().max(64).default('cmn'),
      rate: z.number().min(0.1).max(2).default(SPEAK_DEFAULT_RATE),
    })
    .prefault({}),
});
export type AgentConfig = z.infer<typeof AgentConfigSchema>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Validates a parsed config; the error names every bad key by its path (e.g. `pkcs11.pollMs`). */
export function parseConfig(raw: unknown): AgentConfig {
  const result = AgentConfigSchema.safeParse(raw);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const keys = issue.code === 'unrecognized_keys' ? issue.keys : [''];
    return keys
      .map((key) => `${[...issue.path, ...(key ? [key] : [])].join('.') || '(root)'}: ${issue.message}`)
      .join('\n');
  });
  throw new ConfigError(`invalid agent config\n${lines.join('\n')}`);
}

export async function loadConfig(file: string): Promise<AgentConfig> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    throw new ConfigError(`cannot read agent config ${file}: ${(e as Error).message}`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new ConfigError(`agent config ${file} is not JSON: ${(e as Error).message}`);
  }
  return parseConfig(raw);
}
