import { Button, Space } from 'antd';
import type { ReactNode } from 'react';
import { useConfirmDelete, type ConfirmDelete } from '@web/components/use-confirm-delete';

interface Props {
  /** The stem of the test ids: `<stem>-edit`, `<stem>-delete` and the dialog's `<stem>-delete-ok`. */
  testId: string;
  editText: string;
  deleteText: string;
  onEdit: () => void;
  /** The delete behind its confirmation (see useConfirmDelete). */
  confirm: Omit<ConfirmDelete, 'okTestId'>;
  /** The row's own tools, before Edit. */
  children?: ReactNode;
}

/** A list row's actions cell: its own tools, Edit, and Delete behind a confirmation. */
export function EditDeleteActions({ testId, editText, deleteText, onEdit, confirm, children }: Props) {
  const confirmDelete = useConfirmDelete();
  return (
    <Space size={0}>
      {children}
      <Button type="link" onClick={onEdit} data-testid={`${testId}-edit`}>
        {editText}
      </Button>
      <Button
        type="link"
        danger
        data-testid={`${testId}-delete`}
        onClick={() => confirmDelete({ ...confirm, okTestId: `${testId}-delete-ok` })}
      >
        {deleteText}
      </Button>
    </Space>
  );
}
