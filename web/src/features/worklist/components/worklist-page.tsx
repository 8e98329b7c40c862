import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS } from '@shared/permissions';
import type { StudyRow } from '@shared/schemas/order';
import { ListPage } from '@web/components/list-page/list-page';
import type { ListColumn } from '@web/components/list-page/list-table';
import { studyColumns } from '@web/components/study-columns';
import { usePermission, useUserInfo } from '@web/lib/user-info';
import { HotkeyHelp } from '@web/components/hotkey-help';
import { useHotkeys } from '@web/lib/use-hotkeys';
import { useOpenNextStudy } from '@web/lib/next-study';
import { SUPER_ADMIN_ROLE_PK } from '@shared/constants';
import { exportOrderList, useOrderList } from '../api/order-list';
import { useWorklistSearch } from '../hooks/use-worklist-search';
import { HistoryDialog } from './history-dialog';
import { RowActions } from './row-actions';

/** The image list (landing page): filters in the URL, a paged table, row actions, export. */
export function WorklistPage() {
  const { t } = useTranslation('study');
  const { spec, ...state } = useWorklistSearch();
  const query = useOrderList(state.params);
  const [historyOf, setHistoryOf] = useState<StudyRow | null>(null);
  const canHistory = usePermission(PERMISSIONS.ORDER_HISTORY);
  const canFavourite = usePermission(PERMISSIONS.USER);
  const isSuper = useUserInfo().data?.user.role_pk === SUPER_ADMIN_ROLE_PK;
  const [help, setHelp] = useState(false);
  const openNext = useOpenNextStudy();
  // From the worklist: Alt+N opens the next study to report, F1 shows the keys.
  useHotkeys({ next: () => void openNext(), help: () => setHelp(true) });

  const columns = useMemo(
    (): ListColumn<StudyRow>[] => [
      ...studyColumns(t, { hospital: isSuper }),
      {
        title: t('actions.title'),
        key: 'actions',
        fixed: 'right',
        // 24 px a slot (six) and the cell's padding
        width: 152,
        className: 'rx-actions-cell',
        render: (_: unknown, r: StudyRow) => (
          <RowActions study={r} canHistory={canHistory} canFavourite={canFavourite} onHistory={setHistoryOf} />
        ),
      },
    ],
    [t, canHistory, canFavourite, isSuper],
  );

  return (
    <ListPage<StudyRow, typeof state.params.filters>
      testId="wl"
      pageTestId="worklist-page"
      route="/orderList"
      spec={spec}
      state={state}
      query={query}
      columns={columns}
      rowKey="study_iuid"
      rowAttrs={(r) => ({ 'data-modality': r.modality, 'data-hospital': r.hospital_code })}
      onExport={() => exportOrderList(state.params)}
    >
      <HistoryDialog study={historyOf} onClose={() => setHistoryOf(null)} />
      <HotkeyHelp open={help} onClose={() => setHelp(false)} />
    </ListPage>
  );
}
