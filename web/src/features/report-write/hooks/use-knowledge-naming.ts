import { App, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { KnowledgeNode, KnowledgeScope } from '@shared/schemas/knowledge';
import { isApiError } from '@web/lib/api-error';
import { knowledgeApi, type KnowledgeSave } from '../api/knowledge-api';
import { folderProblem } from '../lib/folder-rules';
import { useEditorStore } from '../stores/editor-store';

type Mode = 'folder' | 'template' | 'rename';
type Editing = { mode: Mode; node?: KnowledgeNode } | null;
type Problem = ReturnType<typeof folderProblem>;

interface Options {
  scope: KnowledgeScope;
  modality: string | undefined;
  /** The node chosen in the tree: the new one's parent, or the one renamed. */
  selected: KnowledgeNode | undefined;
  refuse: (p: Problem) => void;
  onSaved: () => Promise<unknown>;
}

/**
 * The name dialog of a knowledge tree: a new folder, a template of the current text, or a new name. `open`
 * refuses what the selection does not allow; `submit` saves and reloads the tree.
 */
export function useKnowledgeNaming({ scope, modality, selected, refuse, onSaved }: Options) {
  const { t } = useTranslation('report');
  const { message } = App.useApp();
  const [editing, setEditing] = useState<Editing>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<{ label: string }>();

  const open = (mode: Mode) => {
    if (mode === 'template') {
      const p = folderProblem('template', selected);
      if (p) return refuse(p);
    }
    if (mode === 'rename' && !selected) return refuse('needSelection');
    form.setFieldsValue({ label: mode === 'rename' ? (selected?.label ?? '') : '' });
    setEditing({ mode, node: selected });
  };

  const submit = async ({ label }: { label: string }) => {
    if (!editing) return;
    const s = useEditorStore.getState();
    const n = editing.node;
    const body: KnowledgeSave =
      editing.mode === 'rename' && n
        ? {
            scope,
            pk: n.pk,
            parent: n.parent,
            label,
            isleaf: n.isleaf,
            sj: n.sj,
            yj: n.yj,
            modality: n.modality || undefined,
          }
        : editing.mode === 'folder'
          ? { scope, parent: n && !n.isleaf ? n.pk : null, label, isleaf: false }
          : { scope, parent: n!.pk, label, isleaf: true, sj: s.findings, yj: s.opinion, modality };
    setSaving(true);
    try {
      await knowledgeApi.save(body);
      setEditing(null);
      void message.success(t('knowledge.saved'));
      await onSaved();
    } catch (e) {
      if (!isApiError(e)) throw e;
    } finally {
      setSaving(false);
    }
  };

  return { editing, saving, form, open, submit, cancel: () => setEditing(null) };
}
