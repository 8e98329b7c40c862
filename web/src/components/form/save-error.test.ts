import type { FormInstance } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@web/lib/api-error';
import { setFeedback } from '@web/lib/feedback';
import { showSaveError } from './save-error';

const toast = vi.fn();

/** A form showing `name` and `code`; its store also holds `pk` (an edited row), which it does not show. */
function fakeForm() {
  const setFields = vi.fn();
  const form = {
    getFieldsValue: (all?: boolean) => (all ? { pk: 1, name: 'x', code: '' } : { name: 'x', code: undefined }),
    setFields,
  } as unknown as FormInstance;
  return { form, setFields };
}
const refused = (...fields: string[]) =>
  new ApiError(
    400,
    'VALIDATION',
    'refused',
    1,
    null,
    fields.map((field) => ({ field, msg: `${field} bad` })),
  );

beforeEach(() => {
  toast.mockReset();
  setFeedback({ message: { error: toast }, notification: {}, modal: {} } as unknown as Parameters<
    typeof setFeedback
  >[0]);
});

describe('showSaveError', () => {
  it('puts field problems beside the shown fields, no toast', () => {
    const { form, setFields } = fakeForm();
    showSaveError(form, refused('name', 'code'));
    expect(setFields).toHaveBeenCalledWith([
      { name: 'name', errors: ['name bad'] },
      { name: 'code', errors: ['code bad'] },
    ]);
    expect(toast).not.toHaveBeenCalled();
  });
  it('a problem with a field the form does not show (even one in its store) also toasts', () => {
    const { form, setFields } = fakeForm();
    showSaveError(form, refused('name', 'pk'));
    expect(setFields).toHaveBeenCalledWith([{ name: 'name', errors: ['name bad'] }]);
    expect(toast).toHaveBeenCalledWith('refused');
  });
  it('a refusal without fields, or any other failure, toasts its text', () => {
    const { form, setFields } = fakeForm();
    showSaveError(form, new ApiError(409, 'CONFLICT', 'taken'));
    showSaveError(form, new Error('offline'));
    showSaveError(form, 'odd');
    expect(setFields).not.toHaveBeenCalled();
    expect(toast.mock.calls).toEqual([['taken'], ['offline'], ['odd']]);
  });
});
