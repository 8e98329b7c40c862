import { CopyOutlined, DeleteOutlined, RedoOutlined, UndoOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { TEMPLATE_TAGS, type TemplateElement } from '@shared/schemas/report';
import type { UndoHistory } from '../hooks/use-history';
import { copyElement, insertElement, isContainer, newElement, removeElement } from '../lib/element-tree';

interface Props {
  history: UndoHistory<TemplateElement[]>;
  selected: string | undefined;
  /** The selected element: a new one goes inside it (a container) or after it. */
  element: TemplateElement | undefined;
  onSelect: (uuid: string | undefined) => void;
  readOnly: boolean;
}

/** A button per tag that adds an element, then undo, redo, copy and remove of the selected one. */
export function ElementPalette({ history, selected, element, onSelect, readOnly }: Props) {
  const { t } = useTranslation('layoutEditor');
  const add = (tag: TemplateElement['tag']) => {
    const e = newElement(tag, {
      text: t('defaults.text'),
      item: t('defaults.item'),
      value: t('defaults.value'),
      options: [t('defaults.option1'), t('defaults.option2')],
    });
    history.set((els) => insertElement(els, e, selected, element && isContainer(element) ? 'inside' : 'after'));
    onSelect(e.uuid);
  };
  return (
    <>
      <div className="le-palette">
        {TEMPLATE_TAGS.map((tag) => (
          <Button key={tag} size="small" onClick={() => add(tag)} disabled={readOnly} data-testid={`le-add-${tag}`}>
            {t(`tags.${tag}`)}
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
            onSelect(undefined);
          }}
          data-testid="le-remove"
        />
      </Space>
    </>
  );
}
