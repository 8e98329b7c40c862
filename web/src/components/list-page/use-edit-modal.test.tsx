// @vitest-environment node
import { parseHTML } from 'linkedom';
import { act, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useEditModal } from './use-edit-modal';

const toast = vi.hoisted(() => ({ success: vi.fn() }));
vi.mock('antd', () => ({ App: { useApp: () => ({ message: toast }) } }));

type Row = { pk: number };

function mount(onSaved: (saved: string) => void) {
  const seen: { edit?: ReturnType<typeof useEditModal<Row, string>> } = {};
  function Probe(): ReactNode {
    seen.edit = useEditModal<Row, string>('saved', onSaved);
    return null;
  }
  const root = createRoot(document.createElement('div'));
  act(() => root.render(<Probe />));
  return () => seen.edit!;
}

beforeEach(() => {
  const { window } = parseHTML('<!doctype html><html><body></body></html>');
  Object.assign(globalThis, { window, document: window.document });
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  toast.success.mockClear();
});
afterEach(() => {
  delete (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT;
});

describe('useEditModal', () => {
  it('opens closed, for a new row (null) or a row, and a cancel closes without onSaved', () => {
    const onSaved = vi.fn();
    const edit = mount(onSaved);
    expect(edit().row).toBeUndefined();
    act(() => edit().open(null));
    expect(edit().row).toBeNull();
    act(() => edit().open({ pk: 7 }));
    expect(edit().row).toEqual({ pk: 7 });
    act(() => edit().onClose(null));
    expect(edit().row).toBeUndefined();
    expect(onSaved).not.toHaveBeenCalled();
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('a save closes, shows the saved toast and hands the saved answer to onSaved', () => {
    const onSaved = vi.fn();
    const edit = mount(onSaved);
    act(() => edit().open({ pk: 7 }));
    act(() => edit().onClose('answer'));
    expect(edit().row).toBeUndefined();
    expect(toast.success).toHaveBeenCalledWith('saved');
    expect(onSaved).toHaveBeenCalledWith('answer');
  });
});
