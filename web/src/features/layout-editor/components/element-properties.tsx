import { AutoComplete, Button, Empty, Form, Input, Typography } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OptionsDataSchema, TableDataSchema, UsRangeDataSchema } from '@shared/report/document';
import { parseStyleText, styleText, type StyleObject } from '@shared/report/layout-safety';
import type { TemplateElement } from '@shared/schemas/report';
import { KNOWN_FIELDS } from '../lib/sample-data';
import { OptionsEditor, RangeEditor, TableEditor } from './data-editors';

const TEXT_TAGS = ['textContent', 'textarea'];
const FIELD_TAGS = ['textContent', 'input', 'textarea', 'imgCom'];

/** CSS declarations as text; applied when the field is left (unsafe declarations are dropped and said so). */
function StyleField({
  value,
  onChange,
  dropped,
}: {
  value: StyleObject | undefined;
  onChange: (v: StyleObject | undefined, dropped: number) => void;
  dropped: number;
}) {
  const { t } = useTranslation('layoutEditor');
  // Keyed by the style it shows (ElementProperties): an undo or another element starts it afresh.
  const [text, setText] = useState(styleText(value));
  const apply = () => {
    const parsed = parseStyleText(text);
    const declared = text.split(';').filter((d) => d.includes(':')).length;
    onChange(parsed, declared - Object.keys(parsed ?? {}).length);
  };
  return (
    <Form.Item
      label={t('props.style')}
      help={dropped > 0 ? t('props.styleDropped', { n: dropped }) : t('props.styleHint')}
      validateStatus={dropped > 0 ? 'warning' : undefined}
    >
      <Input.TextArea
        autoSize={{ minRows: 2, maxRows: 6 }}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onBlur={apply}
        data-testid="le-style"
      />
    </Form.Item>
  );
}

/** The selected element's properties: text, bound field, class, style, image address and its data. */
export function ElementProperties({
  element,
  onChange,
  onMakeModule,
  readOnly,
}: {
  element: TemplateElement | undefined;
  onChange: (e: TemplateElement) => void;
  /** The selected characters of the text (start, end) to be made a module. */
  onMakeModule: (start: number, end: number) => void;
  readOnly: boolean;
}) {
  const { t } = useTranslation('layoutEditor');
  const [dropped, setDropped] = useState<{ uuid: string; n: number } | null>(null);
  const textRef = useRef<TextAreaRef>(null);
  if (!element) return <Empty description={t('props.none')} image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  const set = (patch: Partial<TemplateElement>) => {
    const next = { ...element, ...patch };
    for (const k of Object.keys(patch) as (keyof TemplateElement)[]) {
      if (next[k] === undefined || next[k] === '') delete next[k];
    }
    onChange(next);
  };
  const options = OptionsDataSchema.safeParse(element.data);
  const table = TableDataSchema.safeParse(element.data);
  const range = UsRangeDataSchema.safeParse(element.data);
  return (
    <Form layout="vertical" size="small" disabled={readOnly} data-testid="le-props" data-uuid={element.uuid}>
      <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8 }}>
        {t(`tags.${element.tag}`)} · {element.uuid}
      </Typography.Text>
      {TEXT_TAGS.includes(element.tag) && (
        <Form.Item
          label={t('props.text')}
          help={element.tag === 'textContent' && !element.jfield ? t('props.moduleHint') : undefined}
        >
          <Input.TextArea
            ref={textRef}
            autoSize={{ minRows: 1, maxRows: 6 }}
            maxLength={4000}
            value={element.text ?? ''}
            onChange={(e) => set({ text: e.target.value })}
            data-testid="le-text"
          />
        </Form.Item>
      )}
      {element.tag === 'textContent' && !element.jfield && (
        <Button
          size="small"
          style={{ marginBottom: 12 }}
          onClick={() => {
            // The text area keeps its selection when the button takes the focus.
            const area = textRef.current?.resizableTextArea?.textArea;
            onMakeModule(area?.selectionStart ?? 0, area?.selectionEnd ?? 0);
          }}
          data-testid="le-make-module"
        >
          {t('props.makeModule')}
        </Button>
      )}
      {FIELD_TAGS.includes(element.tag) && (
        <Form.Item label={t('props.jfield')} help={t('props.jfieldHint')}>
          <AutoComplete
            allowClear
            value={element.jfield ?? ''}
            onChange={(v: string) => set({ jfield: v.trim() })}
            options={KNOWN_FIELDS.map((f) => ({ value: f, label: `${f} · ${t(`fields.known.${f}`)}` }))}
            filterOption={(input, o) => String(o?.value ?? '').includes(input)}
            data-testid="le-jfield"
          />
        </Form.Item>
      )}
      {element.tag === 'imgCom' && (
        <Form.Item label={t('props.src')} help={t('props.srcHint')}>
          <Input value={element.src ?? ''} onChange={(e) => set({ src: e.target.value.trim() })} data-testid="le-src" />
        </Form.Item>
      )}
      {['checkbox', 'radio', 'module'].includes(element.tag) && (
        <Form.Item label={t('props.options')}>
          <OptionsEditor
            value={options.success ? options.data.options : []}
            onChange={(o) => set({ data: { options: o } })}
          />
        </Form.Item>
      )}
      {element.tag === 'table' && table.success && (
        <TableEditor value={table.data} onChange={(d) => set({ data: d })} />
      )}
      {element.tag === 'usRange' && range.success && (
        <RangeEditor value={range.data} onChange={(d) => set({ data: d })} />
      )}
      <Form.Item label={t('props.class')}>
        <Input value={element.class ?? ''} onChange={(e) => set({ class: e.target.value })} data-testid="le-class" />
      </Form.Item>
      <StyleField
        key={`${element.uuid}:${styleText(element.style as StyleObject | undefined)}`}
        value={element.style as StyleObject | undefined}
        dropped={dropped?.uuid === element.uuid ? dropped.n : 0}
        onChange={(style, n) => {
          setDropped({ uuid: element.uuid, n });
          set({ style });
        }}
      />
    </Form>
  );
}
