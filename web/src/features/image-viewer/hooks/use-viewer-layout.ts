import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '@shared/schemas/auth';
import type { ViewerStudy } from '@shared/schemas/image-viewer';
import { apiPost } from '@web/lib/api-client';
import { isApiError } from '@web/lib/api-error';
import { feedback } from '@web/lib/feedback';
import { queryClient } from '@web/lib/query-client';
import { useSessionStore } from '@web/lib/session-store';
import { userInfoQuery, useUserInfo } from '@web/lib/user-info';
import { fillCells, hangingOf, modalityKey, type ViewerLayout } from '../lib/hanging';

type Series = ViewerStudy['series'][number];

export interface ViewerLayoutState {
  layout: ViewerLayout;
  /** Each viewport's series, in reading order (left to right, then down). */
  cells: (Series | undefined)[];
  /** The viewport the toolbar, presets, keys, cine and the series list act on. */
  active: number;
  setActive: (cell: number) => void;
  /** Another layout: kept for the study's modality as the user's own (with a session). */
  setLayout: (layout: ViewerLayout) => void;
  /** A series into the active viewport. */
  showSeries: (seriesIuid: string) => void;
}

/**
 * The viewports of the study: opened by the hanging protocol of its modality (the user's remembered layout,
 * else the default), then as the person changes them. Until the user's settings are there the first
 * series shows alone (every protocol puts it first): the first image does not wait for them.
 */
export function useViewerLayout(study: ViewerStudy | null, hasSession: boolean): ViewerLayoutState {
  const info = useUserInfo();
  const remembered = hasSession ? info.data?.user.data1.viewer_layouts : undefined;
  const settled = !hasSession || !info.isPending;
  const modality = study ? modalityKey(study) : '';
  const ids = useMemo(() => study?.series.map((s) => s.series_iuid) ?? [], [study]);
  const opened = useMemo(
    () => (settled ? hangingOf(modality, ids, remembered) : { layout: '1x1' as const, cells: ids.slice(0, 1) }),
    [settled, modality, ids, remembered],
  );
  const [own, setOwn] = useState<{ layout: ViewerLayout; cells: string[] } | null>(null);
  const [active, setActive] = useState(0);
  const { layout, cells } = own ?? opened;
  const save = useSaveLayout(modality, remembered);

  return {
    layout,
    cells: cells.map((iuid) => study?.series.find((s) => s.series_iuid === iuid)),
    active: Math.min(active, cells.length - 1),
    setActive,
    setLayout: (next) => {
      setOwn({ layout: next, cells: fillCells(next, ids, cells) });
      if (hasSession && modality && next !== layout) save(next);
    },
    showSeries: (iuid) =>
      setOwn({ layout, cells: cells.map((c, i) => (i === Math.min(active, cells.length - 1) ? iuid : c)) }),
  };
}

/** Saves a modality's layout in the user's settings (data1.viewer_layouts), the other modalities kept. */
function useSaveLayout(modality: string, remembered: Partial<Record<string, ViewerLayout>> | undefined) {
  const { t } = useTranslation('imageViewer');
  return (layout: ViewerLayout) => {
    const viewer_layouts = { ...(remembered ?? {}), [modality]: layout } as Record<string, ViewerLayout>;
    apiPost<User>('/user/userConfig', { data1: { viewer_layouts } }, { silent: true }).then(
      (user) => {
        const key = userInfoQuery(useSessionStore.getState().token).queryKey;
        queryClient.setQueryData(key, (old) => (old ? { ...old, user } : old));
      },
      (e: unknown) => feedback().message.error(t('layout.saveFailed', { msg: isApiError(e) ? e.message : String(e) })),
    );
  };
}
