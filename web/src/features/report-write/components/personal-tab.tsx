import { App, Button, Form, Input, Modal, Space } from 'antd';
import type { ButtonProps } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS } from '@shared/permissions';
import type { KnowledgeNode, KnowledgeScope } from '@shared/schemas/knowledge';
import { knowledgeApi, useKnowledgeTree, useMostUsed } from '../api/knowledge-api';
import { useKnowledgeNaming } from '../hooks/use-knowledge-naming';
import { useTreeMove } from '../hooks/use-tree-move';
import { folderProblem } from '../lib/folder-rules';
import { findNode, KnowledgeTree, MostUsedList } from './knowledge-tree';

/**
 * A tree the user may change: their own (default), or a shared one (public, group, hospital) when they
 * hold the right (the server decides too): create folder/template (from the current text), rename,
 * delete; most used.
 */
export function PersonalTab({
  modality,
  onApply,
  can,
  scope = 'user',
  editable,
}: {
  modality: string | undefined;
  onApply: (n: KnowledgeNode) => void;
  can: (code: string) => boolean;
  scope?: KnowledgeScope;
  /** Whether the edit buttons show; the own tree's default is patorder:saveTemp. */
  editable?: boolean;
}) {
  const { t } = useTranslation('report');
  const { message, modal } = App.useApp();
  const qc = useQueryClient();
  const tree = useKnowledgeTree(scope, modality);
  const most = useMostUsed(scope, modality);
  const [selectedPk, setSelectedPk] = useState<number | undefined>();
  const selected = selectedPk ? findNode(tree.data ?? [], selectedPk) : undefined;
  const canEdit = editable ?? can(PERMISSIONS.SAVE_TEMP);
  const mover = useTreeMove(scope);
  // The own tree keeps its historical test ids; a shared tree's carry its scope.
  const id = (name: string) => (scope === 'user' ? `rw-k-${name}` : `rw-k-${scope}-${name}`);

  const refresh = () => qc.invalidateQueries({ queryKey: ['knowledge', scope] });
  const refuse = (p: ReturnType<typeof folderProblem>) => p && void message.warning(t(`knowledge.${p}`));

  const naming = useKnowledgeNaming({ scope, modality, selected, refuse, onSaved: refresh });

  const remove = () => {
    const p = folderProblem('delete', selected);
    if (p || !selected) return refuse(p);
    modal.confirm({
      title: t('knowledge.deleteConfirm', { label: selected.label }),
      okButtonProps: { danger: true, 'data-testid': id('delete-ok') } as ButtonProps,
      onOk: async () => {
        await knowledgeApi.remove(selected.pk);
        setSelectedPk(undefined);
        await refresh();
      },
    });
  };

  return (
    <div data-testid={scope === 'user' ? 'rw-personal' : `rw-shared-${scope}`}>
      {canEdit && (
        <Space wrap size={4} style={{ marginBottom: 8 }}>
          <Button size="small" onClick={() => naming.open('folder')} data-testid={id('new-folder')}>
            {t('knowledge.newFolder')}
          </Button>
          <Button size="small" onClick={() => naming.open('template')} data-testid={id('new-template')}>
            {t('knowledge.saveAsTemplate')}
          </Button>
          <Button size="small" onClick={() => naming.open('rename')} data-testid={id('rename')}>
            {t('knowledge.rename')}
          </Button>
          <Button size="small" danger onClick={remove} data-testid={id('delete')}>
            {t('knowledge.delete')}
          </Button>
        </Space>
      )}
      <KnowledgeTree
        nodes={tree.data ?? []}
        loading={tree.isLoading}
        onApply={onApply}
        onSelect={(n) => setSelectedPk(n?.pk)}
        testId={`rw-tree-${scope}`}
        onMove={canEdit ? (drop) => void mover.move(tree.data ?? [], drop) : undefined}
        moving={mover.moving}
      />
      {!!most.data?.length && <MostUsedList nodes={most.data} onApply={onApply} />}
      <Modal
        open={!!naming.editing}
        title={naming.editing ? t(`knowledge.title.${naming.editing.mode}`) : ''}
        confirmLoading={naming.saving}
        onCancel={naming.cancel}
        onOk={() => naming.form.submit()}
        okButtonProps={{ 'data-testid': id('name-ok') } as ButtonProps}
        destroyOnHidden
      >
        <Form form={naming.form} layout="vertical" onFinish={naming.submit}>
          <Form.Item
            name="label"
            label={t('knowledge.name')}
            rules={[{ required: true, whitespace: true, message: t('knowledge.nameRequired') }, { max: 128 }]}
          >
            <Input autoFocus data-testid={id('name')} />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
