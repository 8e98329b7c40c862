import { Button, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { VersionRow } from '@shared/schemas/report';
import { openArchivedPdf } from '../api/products-api';
import type { PdfRetry } from '../hooks/use-pdf-retry';

/** The archived PDF of an audit's version, once made. */
export function VersionPdfButton({ v }: { v: VersionRow }) {
  const { t } = useTranslation('report');
  return (
    <Button
      size="small"
      onClick={() => void openArchivedPdf(v.rpt_pk, v.pk)}
      title={`SHA-256 ${v.pdf_sha256}`}
      data-testid="rw-version-pdf"
    >
      {t('versions.pdf')}
    </Button>
  );
}

/** While an audit's PDF is being made, or after it failed: a tag, with the last error in its tooltip. */
export function VersionPdfTag({ v }: { v: VersionRow }) {
  const { t } = useTranslation('report');
  if (v.pdf_state !== 'pending' && v.pdf_state !== 'failed') return null;
  const pending = v.pdf_state === 'pending';
  const label = pending
    ? t(v.pdf_attempts > 1 ? 'versions.pdfState.pendingAttempt' : 'versions.pdfState.pending', {
        attempts: v.pdf_attempts,
      })
    : t('versions.pdfState.failed');
  // After a retry the count starts again at 0 and the error is the one before it: not shown.
  const tip =
    v.pdf_error && v.pdf_attempts > 0
      ? t('versions.pdfState.errorTip', { attempts: v.pdf_attempts, error: v.pdf_error })
      : null;
  return (
    <Tooltip title={tip} placement="bottom">
      <Tag color={pending ? 'processing' : 'error'} data-testid="rw-version-pdf-state" data-status={v.pdf_state}>
        {label}
      </Tag>
    </Tooltip>
  );
}

/** The retry button on a failed PDF (the delivery line's retry: it runs the archive again). */
export function VersionPdfRetry({ retry }: { retry: PdfRetry }) {
  const { t } = useTranslation('report');
  return (
    <Button size="small" loading={retry.busy} onClick={retry.run} data-testid="rw-version-pdf-retry">
      {t('versions.pdfRetry')}
    </Button>
  );
}
