import type { FormInstance } from 'antd';
import { ApiError } from '@web/lib/api-error';
import { feedback } from '@web/lib/feedback';

/**
 * A refused save: the server's field problems go beside the form's fields; anything the form does not
 * show (another field, no field at all, a failed request) goes to a toast with the server's text. The
 * save calls are `silent`, so the request layer left the showing to us.
 */
export function showSaveError(form: FormInstance, err: unknown): void {
  if (err instanceof ApiError && err.fieldErrors.length) {
    // The fields the form renders (getFieldsValue(true) would be the whole store, shown or not).
    const shown = new Set(Object.keys(form.getFieldsValue() as object));
    const fields = err.fieldErrors.filter((e) => shown.has(e.field));
    form.setFields(fields.map((e) => ({ name: e.field, errors: [e.msg] })));
    if (fields.length === err.fieldErrors.length) return;
  }
  void feedback().message.error(err instanceof Error ? err.message : String(err));
}
