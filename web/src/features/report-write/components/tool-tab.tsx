import { Button, Checkbox, Form, Slider } from 'antd';
import { useTranslation } from 'react-i18next';
import { TOOL_LIMITS, useToolStore } from '../stores/tool-store';

/** Font size, line spacing, zoom, auto-zoom and font scaling of the report page; kept in this browser. */
export function ToolTab() {
  const { t } = useTranslation('report');
  const tool = useToolStore();
  return (
    <Form layout="vertical" data-testid="rw-tool">
      <Form.Item label={t('tool.fontSize', { v: tool.fontSize })}>
        <Slider
          {...TOOL_LIMITS.fontSize}
          value={tool.fontSize}
          onChange={(v) => tool.set({ fontSize: v })}
          data-testid="rw-tool-font"
        />
      </Form.Item>
      <Form.Item label={t('tool.lineHeight', { v: tool.lineHeight })}>
        <Slider {...TOOL_LIMITS.lineHeight} value={tool.lineHeight} onChange={(v) => tool.set({ lineHeight: v })} />
      </Form.Item>
      <Form.Item label={t('tool.zoom', { v: tool.zoom.toFixed(1) })}>
        <Slider
          {...TOOL_LIMITS.zoom}
          value={tool.zoom}
          disabled={tool.autoZoom}
          onChange={(v) => tool.set({ zoom: v })}
        />
      </Form.Item>
      <Form.Item>
        <Checkbox
          checked={tool.autoZoom}
          onChange={(e) => tool.set({ autoZoom: e.target.checked })}
          data-testid="rw-tool-autozoom"
        >
          {t('tool.autoZoom')}
        </Checkbox>
      </Form.Item>
      <Form.Item extra={t('tool.fontScaleHelp')}>
        <Checkbox
          checked={tool.fontScale}
          onChange={(e) => tool.set({ fontScale: e.target.checked })}
          data-testid="rw-tool-fontscale"
        >
          {t('tool.fontScale')}
        </Checkbox>
      </Form.Item>
      <Button size="small" onClick={tool.reset}>
        {t('tool.reset')}
      </Button>
    </Form>
  );
}
