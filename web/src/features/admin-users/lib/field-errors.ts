import type { FormInstance } from 'antd';
import { ApiError } from '@web/lib/api-error';
import { feedback } from '@web/lib/feedback';

/** A refused save: field problems go beside their fields, anything else to a toast with the server's text. */
export function showSaveError(form: FormInstance, err: unknown): void {
  if (err instanceof ApiError && err.fieldErrors.length) {
    const known = new Set(Object.keys(form.getFieldsValue(true) as object));
    const fields = err.fieldErrors.filter((e) => known.has(e.field));
    form.setFields(fields.map((e) => ({ name: e.field, errors: [e.msg] })));
    if (fields.length === err.fieldErrors.length) return;
  }
  void feedback().message.error(err instanceof Error ? err.message : String(err));
}
