import { Button, Card, Descriptions, Drawer, Result, Space, Spin, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useReportPage } from '../hooks/use-report-page';
import type { ActionButton } from '../lib/button-rules';
import { useEditorStore } from '../stores/editor-store';
import { KnowledgeScopeView } from './knowledge-scope';
import { PersonalTab } from './personal-tab';
import { ReportDialogs } from './report-dialogs';
import { ReportTexts } from './report-texts';
import { ActionButtons, GoodStatusChoice, StatusBanner, type ExtraButton } from './status-panel';
import { StudyHeader } from './study-header';

const ORDER: (ActionButton | ExtraButton)[] = [
  'applyInfo',
  'save',
  'audit',
  'print',
  'knowledge',
  'cancelAudit',
  'invalid',
  'close',
];

/**
 * The simple report page (/simpleRpt?uid=): the same report, rules, drafts and dialogs as the full screen,
 * with two text areas instead of the A4 page and the knowledge base in a drawer.
 */
export function SimpleReportPage({ studyIuid, onClose }: { studyIuid: string; onClose: () => void }) {
  const { t } = useTranslation('report');
  const page = useReportPage(studyIuid, onClose);
  const { screen, report } = page;
  const base = useEditorStore((s) => s.base);
  const studyDesc = useEditorStore((s) => s.study_desc);
  const buttons = { ...page.buttons, applyInfo: page.buttons.patientInfo } as typeof page.buttons;

  if (!studyIuid) return <Result status="warning" title={t('noStudy')} />;
  if (screen.loadError) return <Result status="error" title={t('loadFailed')} data-testid="rw-load-failed" />;
  if (!screen.info || !base) return <Spin style={{ display: 'block', margin: 48 }} />;
  const { study } = screen.info;
  const modality = study.modality;

  return (
    <Card data-testid="rw-simple" data-version={report.version}>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <StudyHeader study={study} compact />
        <StatusBanner report={report} />
        <GoodStatusChoice disabled={!page.editable} showray={screen.settings.showray} />
        <Descriptions
          size="small"
          column={1}
          items={[
            {
              key: 'desc',
              label: t('fields.studyDesc'),
              children: (
                <span>
                  <span data-testid="rw-working-desc">{studyDesc || '-'}</span>{' '}
                  <Button size="small" type="link" disabled={!page.editable} onClick={() => page.onAction('bodyPart')}>
                    {t('buttons.bodyPart')}
                  </Button>
                </span>
              ),
            },
            { key: 'diag', label: t('fields.diagnosis'), children: study.diagnosis || '-' },
            { key: 'note', label: t('fields.complaint'), children: study.note || '-' },
          ]}
        />
        <ActionButtons buttons={buttons} onAction={page.onAction} order={ORDER} />
        <ReportTexts disabled={!page.editable} />
      </Space>
      <Drawer
        open={page.dialog === 'knowledge'}
        onClose={() => page.setDialog(null)}
        title={t('simple.knowledgeTitle')}
        size={400}
        data-testid="rw-knowledge-drawer"
      >
        <Tabs
          size="small"
          items={[
            {
              key: 'personal',
              label: t('tabs.personal'),
              children: <PersonalTab modality={modality} onApply={page.applyTemplate} can={screen.can} />,
            },
            {
              key: 'public',
              label: <span data-testid="rw-tab-public">{t('tabs.public')}</span>,
              children: <KnowledgeScopeView scope="public" modality={modality} onApply={page.applyTemplate} />,
            },
            ...(screen.hasRegion
              ? [
                  {
                    key: 'group',
                    label: t('tabs.group'),
                    children: <KnowledgeScopeView scope="group" modality={modality} onApply={page.applyTemplate} />,
                  },
                ]
              : []),
          ]}
        />
      </Drawer>
      <ReportDialogs page={page} study={study} />
    </Card>
  );
}
