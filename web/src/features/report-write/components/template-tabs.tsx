import { Collapse, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LayoutTemplate } from '@shared/schemas/report';
import type { useReportPage } from '../hooks/use-report-page';
import { KnowledgeScopeView } from './knowledge-scope';
import { LayoutTab } from './layout-tab';
import { PersonalTab } from './personal-tab';
import { ToolTab } from './tool-tab';
import { UsageTable } from './usage-table';

type Page = ReturnType<typeof useReportPage>;

/** Right-hand tabs: Public (with group and own-hospital trees when they apply), Personal, Tool, Report templates. */
export function TemplateTabs({ page, template }: { page: Page; template: LayoutTemplate | null }) {
  const { t } = useTranslation('report');
  const { screen } = page;
  const modality = screen.info?.study.modality;
  const extra: { key: 'group' | 'hospital'; label: string }[] = [
    ...(screen.hasRegion ? [{ key: 'group' as const, label: t('tabs.group') }] : []),
    ...(screen.hasHospital ? [{ key: 'hospital' as const, label: t('tabs.hospital') }] : []),
  ];
  return (
    <Tabs
      size="small"
      tabBarGutter={16}
      data-testid="rw-tabs"
      items={[
        {
          key: 'public',
          label: <span data-testid="rw-tab-public">{t('tabs.public')}</span>,
          children: (
            <>
              <KnowledgeScopeView scope="public" modality={modality} onApply={page.applyTemplate} editor={screen} />
              {extra.length > 0 && (
                <Collapse
                  size="small"
                  items={extra.map((e) => ({
                    key: e.key,
                    label: e.label,
                    children: (
                      <KnowledgeScopeView
                        scope={e.key}
                        modality={modality}
                        onApply={page.applyTemplate}
                        editor={screen}
                      />
                    ),
                  }))}
                />
              )}
            </>
          ),
        },
        {
          key: 'personal',
          label: <span data-testid="rw-tab-personal">{t('tabs.personal')}</span>,
          children: <PersonalTab modality={modality} onApply={page.applyTemplate} can={screen.can} />,
        },
        { key: 'tool', label: <span data-testid="rw-tab-tool">{t('tabs.tool')}</span>, children: <ToolTab /> },
        {
          key: 'layout',
          label: <span data-testid="rw-tab-layout">{t('tabs.layout')}</span>,
          children: <LayoutTab template={template} />,
        },
        {
          key: 'usage',
          label: <span data-testid="rw-tab-usage">{t('tabs.usage')}</span>,
          children: <UsageTable scope="public" modality={modality} />,
        },
      ]}
    />
  );
}
