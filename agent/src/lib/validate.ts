import { validator } from 'hono/validator';
import type { z } from 'zod';
import { fail } from './respond';

function problems(error: z.ZodError) {
  return error.issues.map((i) => ({ field: i.path.join('.'), msg: i.message }));
}

/** Query validation with the VALIDATION envelope (data: the field problems); nothing runs on bad input. */
export function query<T extends z.ZodType>(schema: T) {
  return validator('query', (value, c) => {
    const result = schema.safeParse(value);
    return result.success ? (result.data as z.output<T>) : fail(c, 'VALIDATION', 400, problems(result.error));
  });
}

/** JSON body validation: malformed JSON is BAD_REQUEST, a wrong shape VALIDATION. */
export function json<T extends z.ZodType>(schema: T) {
  return validator('json', (value, c) => {
    const result = schema.safeParse(value);
    return result.success ? (result.data as z.output<T>) : fail(c, 'VALIDATION', 400, problems(result.error));
  });
}
