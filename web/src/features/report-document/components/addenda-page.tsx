import type { ReportDetail } from '@shared/schemas/report';
import type { ReportTexts } from '@web/lib/report-texts';

interface Props {
  report: ReportDetail;
  study: Record<string, unknown>;
  docT: ReportTexts;
}

const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

/**
 * The addenda of an audited report (issue 41), on their own A4 sheet after the report's pages: the original stays
 * as it was signed, and the sheet names whose report it adds to, so it is read with it even when it is apart.
 * Nothing for a report without addenda.
 */
export function AddendaPage({ report, study, docT }: Props) {
  const addenda = report.addenda ?? [];
  if (!addenda.length) return null;
  return (
    <div className="rd-page rd-addenda" data-testid="report-addenda" data-count={addenda.length}>
      <h2 className="rd-addenda-title">{docT('addenda.title')}</h2>
      <div className="rd-addenda-of">
        {docT('addenda.of', {
          name: str(study.patient_name),
          id: str(study.patient_id),
          accession: str(study.accession_no) || '-',
          auditor: report.sh_doctor,
          time: report.sh_datetime,
        })}
      </div>
      {addenda.map((a) => (
        <section key={a.seq} className="rd-addendum" data-testid="report-addendum" data-seq={a.seq}>
          <div className="rd-addendum-head">
            {docT('addenda.head', { n: a.seq, author: a.author, time: a.created_at })}
          </div>
          <div className="rd-text">{a.text}</div>
        </section>
      ))}
    </div>
  );
}
