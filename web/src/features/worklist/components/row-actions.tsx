import { FileTextOutlined, HistoryOutlined, PrinterOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { RPT_STATUS } from '@shared/constants';
import type { StudyRow } from '@shared/schemas/order';
import { FavouriteButton } from '@web/components/favourite-button';
import { openPrintPage } from '@web/lib/print-page';
import { OpenWorkstationButton } from '@web/features/agent-bridge/components/open-workstation-button';
import { RowMoreMenu } from './row-more-menu';

interface RowActionsProps {
  study: StudyRow;
  canHistory: boolean;
  canFavourite: boolean;
  onHistory: (s: StudyRow) => void;
}

export function RowActions({ study, canHistory, canFavourite, onHistory }: RowActionsProps) {
  const { t } = useTranslation('study');
  const navigate = useNavigate();
  return (
    <span className="rx-table-row-actions" data-testid="row-actions">
      <Tooltip title={t('actions.openReport')}>
        <Button
          type="link"
          size="small"
          icon={<FileTextOutlined />}
          aria-label={t('actions.openReport')}
          onClick={() => navigate(`/writeRpt?study_iuid=${encodeURIComponent(study.study_iuid)}`)}
          data-testid="row-open-report"
        />
      </Tooltip>
      <OpenWorkstationButton studyIuid={study.study_iuid} testId="row-open-workstation" />
      {study.rpt_status !== RPT_STATUS.AUDITED ? (
        // Holds the print icon's place so the icons after it line up from row to row.
        <span className="rx-row-action-slot" data-testid="row-print-slot" />
      ) : (
        <Tooltip title={t('actions.print')}>
          <Button
            type="link"
            size="small"
            icon={<PrinterOutlined />}
            aria-label={t('actions.print')}
            onClick={() => openPrintPage(study.study_iuid, study.rpt_pk)}
            data-testid="row-print"
          />
        </Tooltip>
      )}
      {canHistory && (
        <Tooltip title={t('actions.history')}>
          <Button
            type="link"
            size="small"
            icon={<HistoryOutlined />}
            aria-label={t('actions.history')}
            onClick={() => onHistory(study)}
            data-testid="row-history"
          />
        </Tooltip>
      )}
      {canFavourite && <FavouriteButton study={study} />}
      <RowMoreMenu study={study} />
    </span>
  );
}
