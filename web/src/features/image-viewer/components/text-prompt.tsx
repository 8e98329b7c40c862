import { Input, Modal } from 'antd';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { testIdProp } from '@web/lib/test-id';
import type { AskText } from '../cornerstone/stack-view';

/** An arrow's text, asked in a dialog (the tool's own is the browser's prompt()); null when cancelled. */
export function useTextPrompt(): { ask: AskText; dialog: ReactNode } {
  const { t } = useTranslation('imageViewer');
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const resolver = useRef<((v: string | null) => void) | null>(null);
  const ask = useCallback<AskText>(
    (current) =>
      new Promise((resolve) => {
        resolver.current?.(null);
        resolver.current = resolve;
        setText(current ?? '');
        setOpen(true);
      }),
    [],
  );
  const close = (value: string | null) => {
    resolver.current?.(value);
    resolver.current = null;
    setOpen(false);
  };
  const dialog = (
    <Modal
      open={open}
      title={t('marks.textTitle')}
      okText={t('marks.textOk')}
      cancelText={t('marks.cancel')}
      okButtonProps={{ disabled: !text.trim(), ...testIdProp('viewer-text-ok') }}
      onOk={() => close(text.trim())}
      onCancel={() => close(null)}
      destroyOnHidden
    >
      <Input
        autoFocus
        maxLength={256}
        value={text}
        placeholder={t('marks.textPlaceholder')}
        onChange={(e) => setText(e.target.value)}
        onPressEnter={() => {
          if (text.trim()) close(text.trim());
        }}
        data-testid="viewer-text-input"
      />
    </Modal>
  );
  return { ask, dialog };
}
