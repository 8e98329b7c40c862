import { Button, Drawer, List, Modal, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VersionRow } from '@shared/schemas/report';
import { openArchivedPdf } from '../api/products-api';
import { useVersions } from '../api/report-api';
import { useEditorStore } from '../stores/editor-store';
import { DiffView } from './diff-view';

/** Every saved version of the report; any one can be compared with the current text. */
export function VersionsDrawer({
  open,
  onClose,
  studyIuid,
  position,
}: {
  open: boolean;
  onClose: () => void;
  studyIuid: string;
  position: number;
}) {
  const { t } = useTranslation(['report', 'study']);
  const versions = useVersions({ study_iuid: studyIuid, rpt_position: position }, open);
  const [compare, setCompare] = useState<VersionRow | null>(null);
  const findings = useEditorStore((s) => s.findings);
  const opinion = useEditorStore((s) => s.opinion);
  return (
    <Drawer open={open} onClose={onClose} size={420} title={t('versions.title')} destroyOnHidden>
      <List
        loading={versions.isLoading}
        dataSource={versions.data ?? []}
        data-testid="rw-versions"
        renderItem={(v) => (
          <List.Item
            data-testid="rw-version"
            actions={[
              ...(v.pdf_sha256
                ? [
                    <Button
                      key="pdf"
                      size="small"
                      onClick={() => void openArchivedPdf(v.rpt_pk, v.pk)}
                      title={`SHA-256 ${v.pdf_sha256}`}
                      data-testid="rw-version-pdf"
                    >
                      {t('versions.pdf')}
                    </Button>,
                  ]
                : []),
              <Button key="c" size="small" onClick={() => setCompare(v)} data-testid="rw-version-compare">
                {t('versions.compare')}
              </Button>,
            ]}
          >
            <List.Item.Meta
              title={`${v.createtime} ${v.save_user}`}
              description={<Tag>{t(`study:status.${v.rpt_status}`, { defaultValue: String(v.rpt_status) })}</Tag>}
            />
          </List.Item>
        )}
      />
      <Modal
        open={!!compare}
        onCancel={() => setCompare(null)}
        footer={null}
        width={760}
        title={compare ? t('versions.compareTitle', { time: compare.createtime, user: compare.save_user }) : ''}
      >
        {compare && (
          <DiffView
            before={{ findings: compare.texts.report_text1, opinion: compare.texts.report_text2 }}
            after={{ findings, opinion }}
          />
        )}
      </Modal>
    </Drawer>
  );
}
