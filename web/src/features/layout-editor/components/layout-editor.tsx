import { Alert, App, Button, Card, Drawer, Space, Spin } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseDetail } from '@shared/report/document';
import { layoutProblems } from '@shared/report/layout-rules';
import type { TemplateElement } from '@shared/schemas/report';
import type { ReportDocumentProps } from '@web/lib/report-document-props';
import { type EditorLayout, useLayout } from '../api/layout-api';
import { useHistory } from '../hooks/use-history';
import { useLayoutSave } from '../hooks/use-layout-save';
import { findElement, moduleFromSelection, updateElement } from '../lib/element-tree';
import { openLayoutPreview } from '../lib/open-preview';
import { sampleData } from '../lib/sample-data';
import { ElementPalette } from './element-palette';
import { ElementProperties } from './element-properties';
import { ElementTreeView } from './element-tree-view';
import { type LayoutHead, LayoutHeadForm } from './layout-head-form';
import { LayoutProblems } from './layout-problems';
import './layout-editor.css';

type Options = { value: string; label: string }[];

interface EditorProps {
  pk: number | undefined;
  hospitals: Options | null;
  ownHospital: string;
  renderDocument: (p: ReportDocumentProps) => ReactNode;
  onClose: (saved: boolean) => void;
}

/**
 * The layout editor (a full-screen drawer): element palette, the element tree (drag to reorder or nest),
 * the selected element’s properties, and the page drawn live with a made-up study; undo and redo; saving
 * keeps a draft that no report uses until it is activated from the list. The shared layout rules are checked
 * before saving and again by the server.
 */
export function LayoutEditor(props: EditorProps) {
  const { t } = useTranslation('layoutEditor');
  const loaded = useLayout(props.pk);
  if (props.pk && !loaded.data) {
    return (
      <Drawer open width="100%" onClose={() => props.onClose(false)} data-testid="le-drawer">
        {loaded.isError ? (
          <Alert type="error" showIcon title={t('preview.notFound')} />
        ) : (
          <Spin style={{ display: 'block', margin: 48 }} />
        )}
      </Drawer>
    );
  }
  return <EditorForm {...props} initial={loaded.data} />;
}

function EditorForm({
  pk,
  hospitals,
  ownHospital,
  renderDocument,
  onClose,
  initial,
}: EditorProps & { initial: EditorLayout | undefined }) {
  const { t, i18n } = useTranslation('layoutEditor');
  const { message } = App.useApp();
  const sample = sampleData(i18n.language);
  const history = useHistory<TemplateElement[]>(initial?.elements ?? [], true);
  const [head, setHead] = useState<LayoutHead>(
    initial
      ? { name: initial.name, hospital_code: initial.hospital_code, modality: initial.modality, kind: initial.kind }
      : { name: '', hospital_code: hospitals ? '' : ownHospital, modality: '', kind: 'report' },
  );
  const [selected, setSelected] = useState<string | undefined>();
  const readOnly = !!initial && !initial.editable;

  const elements = history.value;
  const element = selected ? findElement(elements, selected) : undefined;
  const problems = useMemo(() => layoutProblems(elements), [elements]);
  const { version, saving, saved, serverProblems, save } = useLayoutSave({
    pk,
    initialVersion: initial?.version,
    head,
    elements,
    problems,
    onClose,
  });

  const body = (
    <div className="le-body">
      <Card size="small" className="le-left" title={t('palette')}>
        <ElementPalette
          history={history}
          selected={selected}
          element={element}
          onSelect={setSelected}
          readOnly={readOnly}
        />
        <ElementTreeView history={history} selected={selected} onSelect={setSelected} readOnly={readOnly} />
      </Card>
      <div className="le-page" data-testid="le-page">
        {renderDocument({
          template: elements,
          study: sample.study,
          report: sample.report,
          findings: sample.report.report_text1,
          opinion: sample.report.report_text2,
          detail: parseDetail(null),
          editable: false,
          multiPage: false,
          // Fitted to the column; the preview page (/tempPreview) shows it exactly as printed.
          mode: 'screen',
          tool: { fontSize: 16, lineHeight: 26, zoom: 1, autoZoom: true },
        })}
      </div>
      <Card size="small" className="le-right" title={t('properties')}>
        <ElementProperties
          element={element}
          readOnly={readOnly}
          onChange={(next) => history.set((els) => updateElement(els, next.uuid, () => next))}
          onMakeModule={(start, end) => {
            const row = element && moduleFromSelection(element, start, end);
            if (!element || !row) return void message.warning(t('selectTextFirst'));
            history.set((els) => updateElement(els, element.uuid, () => row));
            setSelected(row.childs!.find((c) => c.tag === 'module')!.uuid);
          }}
        />
      </Card>
    </div>
  );

  return (
    <Drawer
      open
      width="100%"
      onClose={() => onClose(saved)}
      destroyOnHidden
      title={
        <LayoutHeadForm head={head} onChange={setHead} hospitals={hospitals} readOnly={readOnly} version={version} />
      }
      extra={
        <Space>
          {pk && (
            <Button onClick={() => openLayoutPreview(pk)} data-testid="le-preview">
              {t('preview.open')}
            </Button>
          )}
          {!readOnly && (
            <Button type="primary" loading={saving} onClick={() => void save()} data-testid="le-save">
              {t('save')}
            </Button>
          )}
        </Space>
      }
      data-testid="le-drawer"
    >
      <LayoutProblems elements={elements} problems={problems} serverProblems={serverProblems} />
      {body}
    </Drawer>
  );
}
