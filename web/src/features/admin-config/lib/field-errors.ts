import type { FormInstance } from 'antd';
import { ApiError } from '@web/lib/api-error';
import { feedback } from '@web/lib/feedback';

/**
 * Shows a failed save: the server's field messages on the form's fields, anything else as a toast
 * (the calls are `silent`, so the request layer left the showing to us).
 */
export function showSaveError(form: FormInstance, err: unknown, fields: readonly string[]): void {
  if (err instanceof ApiError) {
    const known = err.fieldErrors.filter((e) => fields.includes(e.field));
    if (known.length) {
      form.setFields(known.map((e) => ({ name: e.field, errors: [e.msg] })));
      return;
    }
    void feedback().message.error(err.message);
    return;
  }
  void feedback().message.error(String(err));
}
