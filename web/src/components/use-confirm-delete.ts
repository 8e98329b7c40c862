import { App } from 'antd';
import { useCallback, type ReactNode } from 'react';
import { testIdProp } from '@web/lib/test-id';

export interface ConfirmDelete {
  title: ReactNode;
  content?: ReactNode;
  /** Test id of the dialog's (danger) OK button. */
  okTestId: string;
  run: () => Promise<unknown>;
  /** The success toast. */
  done: string;
  /** After the success toast: refetch, drop a selection. */
  after?: () => unknown;
}

/**
 * A delete behind a confirmation with a danger OK button. A refusal shows the server's reason through the
 * request layer; nothing else runs then.
 */
export function useConfirmDelete() {
  const { modal, message } = App.useApp();
  return useCallback(
    (o: ConfirmDelete) =>
      modal.confirm({
        title: o.title,
        content: o.content,
        okButtonProps: { danger: true, ...testIdProp(o.okTestId) },
        onOk: async () => {
          await o.run();
          void message.success(o.done);
          await o.after?.();
        },
      }),
    [modal, message],
  );
}
