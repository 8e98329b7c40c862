import { App } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { NextStudyRequest, OrderListRequest, StudyRow } from '@shared/schemas/order';
import { apiPost } from './api-client';
import { readJson, STORAGE_KEYS, writeJson } from './storage-keys';

/** The worklist's filters as last searched (its OrderList body without page and sort), for "next study". */
export function rememberWorklistFilters(body: OrderListRequest): void {
  const { pageNumber: _n, pageSize: _s, sort: _o, ...filters } = body;
  writeJson(sessionStorage, STORAGE_KEYS.worklistFilters, filters);
}

/** Storage blocked or empty: "next" then uses the caller's modalities alone. */
const rememberedFilters = (): NextStudyRequest =>
  readJson<NextStudyRequest>(sessionStorage, STORAGE_KEYS.worklistFilters, {});

/**
 * Opens the next study to report (issue 41's desk at speed): under the worklist's last filters, unwritten,
 * urgent first then the longest waiting, not `after` (the study just done). Says so when none is left.
 */
export function useOpenNextStudy() {
  const { t } = useTranslation('study');
  const { message } = App.useApp();
  const navigate = useNavigate();
  return useCallback(
    async (after?: string) => {
      const next = await apiPost<StudyRow | null>('/api/order/next', { ...rememberedFilters(), after });
      if (!next) {
        void message.info(t('nextStudy.none'));
        return;
      }
      await navigate(`/writeRpt?study_iuid=${encodeURIComponent(next.study_iuid)}`);
    },
    [message, navigate, t],
  );
}
