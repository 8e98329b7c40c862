import { RobotOutlined } from '@ant-design/icons';
import { App, Button, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AiSuggestion } from '@shared/schemas/report';
import { apiPost } from '@web/lib/api-client';
import { isApiError } from '@web/lib/api-error';
import { useEditorStore } from '../stores/editor-store';

/**
 * AI assistance (sys_config ai_url): the findings being written go to the AI service; its suggested
 * opinion is shown, and only the doctor's "use it" puts it into the opinion being edited. Nothing is
 * saved here: the doctor saves as usual.
 */
export function AiSuggestButton({ studyIuid, disabled }: { studyIuid: string; disabled: boolean }) {
  const { t } = useTranslation('report');
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const [suggestion, setSuggestion] = useState<string | null>(null);
  const patch = useEditorStore((s) => s.patch);

  const ask = async () => {
    const findings = useEditorStore.getState().findings.trim();
    if (!findings) return void message.warning(t('ai.noFindings'));
    setBusy(true);
    try {
      const r = await apiPost<AiSuggestion>('/report/aiSuggest', { study_iuid: studyIuid, findings }, { silent: true });
      setSuggestion(r.opinion);
    } catch (e) {
      if (!isApiError(e)) throw e;
      void message.error(e.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        block
        icon={<RobotOutlined />}
        loading={busy}
        disabled={disabled}
        onClick={() => void ask()}
        data-testid="rw-btn-ai"
      >
        {t('ai.button')}
      </Button>
      <Modal
        open={suggestion !== null}
        title={t('ai.title')}
        okText={t('ai.accept')}
        cancelText={t('ai.ignore')}
        onOk={() => {
          patch({ opinion: suggestion ?? '' });
          setSuggestion(null);
          void message.info(t('ai.accepted'));
        }}
        onCancel={() => setSuggestion(null)}
        okButtonProps={{ 'data-testid': 'rw-ai-accept' } as Record<string, string>}
        cancelButtonProps={{ 'data-testid': 'rw-ai-ignore' } as Record<string, string>}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t('ai.hint')}</Typography.Paragraph>
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }} data-testid="rw-ai-suggestion">
          {suggestion}
        </Typography.Paragraph>
      </Modal>
    </>
  );
}
