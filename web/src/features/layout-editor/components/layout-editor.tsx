import { CopyOutlined, DeleteOutlined, RedoOutlined, UndoOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Drawer, Form, Input, Select, Space, Spin, Tree } from 'antd';
import type { TreeDataNode, TreeProps } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MODALITIES } from '@shared/constants';
import { parseDetail } from '@shared/report/document';
import { layoutProblems } from '@shared/report/layout-rules';
import { LAYOUT_KINDS, type LayoutKind, type LayoutSaveInput } from '@shared/schemas/layout';
import { TEMPLATE_TAGS, type TemplateElement } from '@shared/schemas/report';
import { isApiError } from '@web/lib/api-error';
import type { ReportDocumentProps } from '@web/lib/report-document-props';
import { type EditorLayout, saveLayout, useLayout } from '../api/layout-api';
import { useHistory } from '../hooks/use-history';
import {
  copyElement,
  type Drop,
  findElement,
  insertElement,
  isContainer,
  moduleFromSelection,
  moveElement,
  newElement,
  removeElement,
  updateElement,
} from '../lib/element-tree';
import { sampleData } from '../lib/sample-data';
import { ElementProperties } from './element-properties';
import './layout-editor.css';

type Options = { value: string; label: string }[];

interface Head {
  name: string;
  hospital_code: string;
  modality: string;
  kind: LayoutKind;
}

const label = (e: TemplateElement, tagName: string) => {
  const what = e.text ?? e.jfield ?? '';
  return `${tagName}${what ? ` · ${what.slice(0, 24)}` : ''}`;
};

/**
 * The layout editor (a full-screen drawer): element palette, the element tree (drag to reorder or nest),
 * the selected element's properties, and the page drawn live with a made-up study; undo and redo; saving
 * makes the next version (audited reports keep theirs). The shared layout rules are checked before saving
 * and again by the server.
 */
interface EditorProps {
  pk: number | undefined;
  hospitals: Options | null;
  ownHospital: string;
  renderDocument: (p: ReportDocumentProps) => ReactNode;
  onClose: (saved: boolean) => void;
}

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
  const [head, setHead] = useState<Head>(
    initial
      ? { name: initial.name, hospital_code: initial.hospital_code, modality: initial.modality, kind: initial.kind }
      : { name: '', hospital_code: hospitals ? '' : ownHospital, modality: '', kind: 'report' },
  );
  const [version, setVersion] = useState<number | undefined>(initial?.version);
  const [selected, setSelected] = useState<string | undefined>();
  // Containers are open unless closed by hand, new ones (an added row, a module's row) included.
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const [serverProblems, setServerProblems] = useState<string[]>([]);
  const readOnly = !!initial && !initial.editable;

  const elements = history.value;
  const element = selected ? findElement(elements, selected) : undefined;
  const problems = useMemo(() => layoutProblems(elements), [elements]);
  const tagName = (tag: TemplateElement['tag']) => t(`tags.${tag}`);

  const treeData = useMemo(() => {
    const toNode = (e: TemplateElement): TreeDataNode => ({
      key: e.uuid,
      title: (
        <span data-testid="le-node" data-uuid={e.uuid} data-tag={e.tag}>
          {label(e, tagName(e.tag))}
        </span>
      ),
      isLeaf: !isContainer(e),
      children: e.childs?.map(toNode),
    });
    return elements.map(toNode);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- tagName follows t
  }, [elements, t]);
  const expandedKeys = useMemo(() => {
    const keys: string[] = [];
    const walk = (els: readonly TemplateElement[]) =>
      els.forEach((e) => {
        if (isContainer(e) && !collapsed.has(e.uuid)) keys.push(e.uuid);
        walk(e.childs ?? []);
      });
    walk(elements);
    return keys;
  }, [elements, collapsed]);

  const add = (tag: TemplateElement['tag']) => {
    const e = newElement(tag, {
      text: t('defaults.text'),
      item: t('defaults.item'),
      value: t('defaults.value'),
      options: [t('defaults.option1'), t('defaults.option2')],
    });
    history.set((els) => insertElement(els, e, selected, element && isContainer(element) ? 'inside' : 'after'));
    setSelected(e.uuid);
  };
  const onDrop: TreeProps['onDrop'] = (info) => {
    const target = String(info.node.key);
    const pos = info.node.pos.split('-');
    const relative = info.dropPosition - Number(pos[pos.length - 1]);
    const drop: Drop = !info.dropToGap ? 'inside' : relative === -1 ? 'before' : 'after';
    history.set((els) => moveElement(els, String(info.dragNode.key), target, drop));
  };

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

  const body = (
    <div className="le-body">
      <Card size="small" className="le-left" title={t('palette')}>
        <div className="le-palette">
          {TEMPLATE_TAGS.map((tag) => (
            <Button key={tag} size="small" onClick={() => add(tag)} disabled={readOnly} data-testid={`le-add-${tag}`}>
              {tagName(tag)}
            </Button>
          ))}
        </div>
        <Space size={4} style={{ margin: '8px 0' }}>
          <Button
            size="small"
            icon={<UndoOutlined />}
            onClick={history.undo}
            disabled={!history.canUndo || readOnly}
            data-testid="le-undo"
            title="Ctrl+Z"
          />
          <Button
            size="small"
            icon={<RedoOutlined />}
            onClick={history.redo}
            disabled={!history.canRedo || readOnly}
            data-testid="le-redo"
            title="Ctrl+Y"
          />
          <Button
            size="small"
            icon={<CopyOutlined />}
            disabled={!element || readOnly}
            onClick={() =>
              element && history.set((els) => insertElement(els, copyElement(element), element.uuid, 'after'))
            }
            data-testid="le-copy"
          />
          <Button
            size="small"
            danger
            icon={<DeleteOutlined />}
            disabled={!element || readOnly}
            onClick={() => {
              if (!selected) return;
              history.set((els) => removeElement(els, selected));
              setSelected(undefined);
            }}
            data-testid="le-remove"
          />
        </Space>
        <div className="le-tree" data-testid="le-tree">
          <Tree
            blockNode
            draggable={!readOnly}
            expandedKeys={expandedKeys}
            onExpand={(_, { node, expanded }) =>
              setCollapsed((c) => {
                const next = new Set(c);
                if (expanded) next.delete(String(node.key));
                else next.add(String(node.key));
                return next;
              })
            }
            treeData={treeData}
            selectedKeys={selected ? [selected] : []}
            onSelect={(keys) => setSelected(keys[0] === undefined ? undefined : String(keys[0]))}
            onDrop={onDrop}
          />
        </div>
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
        <Form layout="inline" size="small" disabled={readOnly} data-testid="le-head">
          <Form.Item label={t('fields.name')} required>
            <Input
              value={head.name}
              maxLength={64}
              style={{ width: 220 }}
              onChange={(e) => setHead({ ...head, name: e.target.value })}
              data-testid="le-name"
            />
          </Form.Item>
          {hospitals && (
            <Form.Item label={t('fields.hospital')}>
              <Select
                style={{ width: 180 }}
                value={head.hospital_code}
                onChange={(v: string) => setHead({ ...head, hospital_code: v })}
                options={[{ value: '', label: t('installation') }, ...hospitals]}
                data-testid="le-hospital"
              />
            </Form.Item>
          )}
          <Form.Item label={t('fields.modality')}>
            <Select
              style={{ width: 150 }}
              value={head.modality}
              onChange={(v: string) => setHead({ ...head, modality: v })}
              options={[{ value: '', label: t('allModalities') }, ...MODALITIES.map((m) => ({ value: m, label: m }))]}
              data-testid="le-modality"
            />
          </Form.Item>
          <Form.Item label={t('fields.kind')}>
            <Select
              style={{ width: 130 }}
              value={head.kind}
              onChange={(v: LayoutKind) => setHead({ ...head, kind: v })}
              options={LAYOUT_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
              data-testid="le-kind"
            />
          </Form.Item>
          {version !== undefined && <span className="le-version">{t('versionTag', { version })}</span>}
        </Form>
      }
      extra={
        <Space>
          {pk && (
            <Button href={`#/tempPreview?pk=${pk}`} target="_blank" data-testid="le-preview">
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
      {(problems.length > 0 || serverProblems.length > 0) && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 8 }}
          data-testid="le-problems"
          title={t('problemsTitle')}
          description={[
            ...problems.slice(0, 8).map((p) => {
              const e = findElement(elements, p.uuid);
              return t('problem', { uuid: e ? label(e, tagName(e.tag)) : p.uuid, problem: t(`problems.${p.problem}`) });
            }),
            ...serverProblems,
          ].join('；')}
        />
      )}
      {body}
    </Drawer>
  );
}
