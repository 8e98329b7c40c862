import type { Rule } from 'antd/es/form';
import type { ZodType } from 'zod';

/**
 * An antd Form rule that runs the shared zod schema of one field (the server validates with the same
 * one), answering with a message of the screen's language instead of zod's. With `skipEmpty` an empty
 * field passes, for fields whose "required" rule speaks first or that may stay empty.
 */
export function zodRule(schema: ZodType, message: string, opts: { skipEmpty?: boolean } = {}): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      if (opts.skipEmpty && (value === undefined || value === '')) return;
      if (!schema.safeParse(value ?? '').success) throw new Error(message);
    },
  };
}
