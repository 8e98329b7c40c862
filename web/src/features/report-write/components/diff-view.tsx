import { Switch, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { compactDiff, diffTexts, hasChanges, type DiffPart } from '../lib/text-diff';

const STYLE: Record<DiffPart['kind'], React.CSSProperties> = {
  equal: {},
  removed: { background: '#ffd6d6', textDecoration: 'line-through' },
  added: { background: '#c8f0da' },
  gap: { color: '#666' },
};

function DiffText({ before, after, compact }: { before: string; after: string; compact: boolean }) {
  const { t } = useTranslation('report');
  const parts = useMemo(() => {
    const p = diffTexts(before, after);
    return compact ? compactDiff(p) : p;
  }, [before, after, compact]);
  if (!hasChanges(parts)) return <Typography.Text type="secondary">{t('compare.same')}</Typography.Text>;
  return (
    <div style={{ whiteSpace: 'pre-wrap' }}>
      {parts.map((p, i) =>
        p.kind === 'gap' ? (
          <span key={i} style={STYLE.gap} title={p.text}>
            …
          </span>
        ) : (
          <span key={i} style={STYLE[p.kind]} data-diff={p.kind === 'equal' ? undefined : p.kind}>
            {p.text}
          </span>
        ),
      )}
    </div>
  );
}

/** An earlier report against the current text, differences highlighted (removed red, added green). */
export function DiffView(props: {
  before: { findings: string; opinion: string };
  after: { findings: string; opinion: string };
}) {
  const { t } = useTranslation('report');
  const [compact, setCompact] = useState(false);
  return (
    <div data-testid="rw-diff">
      <div style={{ marginBottom: 8 }}>
        <Switch size="small" checked={compact} onChange={setCompact} /> {t('compare.compact')}
      </div>
      <Typography.Title level={5}>{t('fields.findings')}</Typography.Title>
      <DiffText before={props.before.findings} after={props.after.findings} compact={compact} />
      <Typography.Title level={5}>{t('fields.opinion')}</Typography.Title>
      <DiffText before={props.before.opinion} after={props.after.opinion} compact={compact} />
    </div>
  );
}
