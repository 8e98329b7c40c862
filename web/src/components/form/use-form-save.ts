import type { FormInstance } from 'antd';
import { useState } from 'react';
import { showSaveError } from './save-error';

/**
 * The save of an edit form: `saving` while the request runs (for the OK button), a refusal shown on the
 * form's fields or in a toast. `save(values)` suits a Form's onFinish; `submit()` validates first (invalid
 * fields show their messages and nothing is sent), for a modal's OK button.
 */
export function useFormSave<V>(form: FormInstance<V>, run: (values: V) => Promise<void>) {
  const [saving, setSaving] = useState(false);
  const save = async (values: V) => {
    setSaving(true);
    try {
      await run(values);
    } catch (err) {
      showSaveError(form, err);
    } finally {
      setSaving(false);
    }
  };
  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (values) await save(values);
  };
  return { saving, save, submit };
}
