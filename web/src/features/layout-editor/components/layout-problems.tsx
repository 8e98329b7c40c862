import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import type { layoutProblems } from '@shared/report/layout-rules';
import type { TemplateElement } from '@shared/schemas/report';
import { elementLabel, findElement } from '../lib/element-tree';

interface Props {
  elements: readonly TemplateElement[];
  /** The shared layout rules' findings (the first eight are listed). */
  problems: ReturnType<typeof layoutProblems>;
  /** What the server refused at the last save. */
  serverProblems: readonly string[];
}

/** Why the layout cannot be saved as it is; nothing when it can. */
export function LayoutProblems({ elements, problems, serverProblems }: Props) {
  const { t } = useTranslation('layoutEditor');
  if (problems.length === 0 && serverProblems.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 8 }}
      data-testid="le-problems"
      title={t('problemsTitle')}
      description={[
        ...problems.slice(0, 8).map((p) => {
          const e = findElement(elements, p.uuid);
          return t('problem', {
            uuid: e ? elementLabel(e, t(`tags.${e.tag}`)) : p.uuid,
            problem: t(`problems.${p.problem}`),
          });
        }),
        ...serverProblems,
      ].join('；')}
    />
  );
}
