import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MenuProblem } from '@shared/schemas/wechat-menu';
import { problemText } from '../lib/problem-text';

/** The last publish: the platform's errmsg ('ok' = published) or our own failure message; worded at render time. */
export type Outcome = { ok: boolean; errmsg: string; ours?: boolean } | null;

/** How the last publish went; nothing before one. */
export function PublishResult({ outcome }: { outcome: Outcome }) {
  const { t } = useTranslation('wechatMenu');
  if (!outcome) return null;
  return (
    <Alert
      type={outcome.ok ? 'success' : 'error'}
      showIcon
      data-testid="wxmenu-result"
      data-status={outcome.ok ? 'ok' : 'failed'}
      message={
        outcome.ok ? t('publishOk') : outcome.ours ? outcome.errmsg : t('publishFailed', { errmsg: outcome.errmsg })
      }
    />
  );
}

/** What keeps the menu from being published, one line per problem; nothing when there is none. */
export function MenuProblems({ problems }: { problems: readonly MenuProblem[] }) {
  const { t } = useTranslation('wechatMenu');
  if (problems.length === 0) return null;
  return (
    <Alert
      type="warning"
      data-testid="wxmenu-problems"
      message={t('problems')}
      description={
        <ul style={{ margin: 0, paddingInlineStart: 20 }}>
          {problems.map((p, i) => (
            <li key={i} data-testid="wxmenu-problem">
              {problemText(t, p)}
            </li>
          ))}
        </ul>
      }
    />
  );
}
