import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { layoutProblems } from '@shared/report/layout-rules';
import type { LayoutSaveInput } from '@shared/schemas/layout';
import type { TemplateElement } from '@shared/schemas/report';
import { isApiError } from '@web/lib/api-error';
import { saveLayout } from '../api/layout-api';
import type { LayoutHead } from '../components/layout-head-form';

interface SaveInput {
  pk: number | undefined;
  initialVersion: number | undefined;
  head: LayoutHead;
  elements: TemplateElement[];
  /** The shared layout rules' findings: saving waits until there are none. */
  problems: ReturnType<typeof layoutProblems>;
  /** A new layout's editor closes once saved. */
  onClose: (saved: boolean) => void;
}

/** Saving the layout as a draft; what the server refused is kept to show beside the rules' problems. */
export function useLayoutSave({ pk, initialVersion, head, elements, problems, onClose }: SaveInput) {
  const { t } = useTranslation('layoutEditor');
  const { message } = App.useApp();
  const [version, setVersion] = useState<number | undefined>(initialVersion);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const [serverProblems, setServerProblems] = useState<string[]>([]);

  const save = async () => {
    if (!head.name.trim()) return void message.warning(t('nameRequired'));
    if (problems.length) return void message.warning(t('fixProblems'));
    setSaving(true);
    setServerProblems([]);
    try {
      const row = await saveLayout({
        ...(pk ? { pk, version } : {}),
        name: head.name.trim(),
        hospital_code: head.hospital_code,
        modality: head.modality as LayoutSaveInput['modality'],
        kind: head.kind,
        elements,
      });
      setVersion(row.version);
      setSaved(true);
      void message.success(t('saved', { version: row.version }));
      if (!pk) onClose(true);
    } catch (e) {
      if (!isApiError(e)) throw e;
      setServerProblems(e.fieldErrors.length ? e.fieldErrors.map((f) => f.msg) : [e.message]);
    } finally {
      setSaving(false);
    }
  };

  return { version, saving, saved, serverProblems, save };
}
