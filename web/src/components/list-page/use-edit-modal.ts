import { App } from 'antd';
import { useState } from 'react';

/**
 * The edit modal of a list screen. `row` is what the form gets: undefined (closed), null (new) or the row
 * being edited. `onClose` suits the form's: a save (anything truthy) shows `savedText` and runs `onSaved`.
 */
export function useEditModal<Row, Saved = true>(savedText: string, onSaved: (saved: Saved) => void) {
  const { message } = App.useApp();
  const [row, setRow] = useState<Row | null | undefined>(undefined);
  const onClose = (saved: Saved | false | null | undefined) => {
    setRow(undefined);
    if (!saved) return;
    void message.success(savedText);
    onSaved(saved);
  };
  return { row, open: setRow, onClose };
}
