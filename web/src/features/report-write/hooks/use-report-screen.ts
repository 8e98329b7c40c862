import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ReportDetail, ReportInfo } from '@shared/schemas/report';
import { SUPER_ADMIN_ROLE_PK } from '@shared/constants';
import { can, useUserInfo } from '@web/lib/user-info';
import { reportInfoQuery, useReportInfo } from '../api/report-api';
import { withWrittenReport } from '../lib/accept-write';
import { newReport } from '@web/lib/new-report';
import { useEditorStore } from '../stores/editor-store';

export interface ReportScreen {
  studyIuid: string;
  info: ReportInfo | undefined;
  isLoading: boolean;
  loadError: unknown;
  position: number;
  /** The report being edited (a virtual empty one for a position not saved yet). */
  report: ReportDetail;
  userPk: number;
  userName: string;
  can: (code: string) => boolean;
  /** The super administrator (the installation's public template tree is theirs to change). */
  isSuper: boolean;
  settings: { oneClickAudit: boolean; autoShRptClose: boolean; showray: boolean; close: boolean };
  /** The hospital's rule for signing audits with the USB key: 0 off, 1 optional, 2 required. */
  esignMode: number;
  /** The user has a certificate bound (their usb_key). */
  certBound: boolean;
  hasRegion: boolean;
  hasHospital: boolean;
  /** Switch to another report of the study (reloads it from the server). */
  switchTo: (position: number) => Promise<void>;
  /** Fetch the study again and load the current position's report into the working copy. */
  reload: () => Promise<ReportInfo | undefined>;
  /** Take a write's answer as the current report, without asking the server again. */
  accept: (r: ReportDetail, studyDesc?: string) => void;
}

/** Loads the study and keeps the working copy in step with the report of the chosen position. */
export function useReportScreen(studyIuid: string): ReportScreen {
  const qc = useQueryClient();
  const { data: user } = useUserInfo();
  const infoQ = useReportInfo(studyIuid);
  const [position, setPosition] = useState(1);
  const load = useEditorStore((s) => s.load);
  const setBusy = useEditorStore((s) => s.setBusy);
  const base = useEditorStore((s) => s.base);

  const reportOf = useCallback(
    (info: ReportInfo | undefined, pos: number) => info?.reports.find((r) => r.rpt_position === pos) ?? newReport(pos),
    [],
  );

  // A fresh screen (the route keys it by study): start from an empty working copy.
  useEffect(() => {
    useEditorStore.getState().reset();
  }, []);

  useEffect(() => {
    const s = useEditorStore.getState();
    if (infoQ.data && !s.base) load(reportOf(infoQ.data, position), infoQ.data.study.study_desc);
  }, [infoQ.data, position, load, reportOf, base]);

  const reload = useCallback(async () => {
    const info = await qc.fetchQuery({ ...reportInfoQuery(studyIuid), staleTime: 0 });
    load(reportOf(info, position), info.study.study_desc);
    return info;
  }, [qc, studyIuid, load, reportOf, position]);

  const accept = useCallback(
    (r: ReportDetail, studyDesc?: string) => {
      const info = qc.setQueryData<ReportInfo>(reportInfoQuery(studyIuid).queryKey, (old) =>
        old ? withWrittenReport(old, r, studyDesc) : old,
      );
      load(
        info?.reports.find((x) => x.rpt_position === r.rpt_position) ?? r,
        info?.study.study_desc ?? studyDesc ?? '',
      );
      // Every write (save, audit, void...) adds or changes a version: the versions drawer must not show its old list.
      void qc.invalidateQueries({ queryKey: ['report-versions', studyIuid] });
    },
    [qc, studyIuid, load],
  );

  const switchTo = useCallback(
    async (pos: number) => {
      setBusy('switch');
      try {
        const info = await qc.fetchQuery({ ...reportInfoQuery(studyIuid), staleTime: 0 });
        setPosition(pos);
        load(reportOf(info, pos), info.study.study_desc);
      } finally {
        setBusy(null);
      }
    },
    [qc, studyIuid, load, reportOf, setBusy],
  );

  const settings = user?.user.data1;
  return useMemo(
    () => ({
      studyIuid,
      info: infoQ.data,
      isLoading: infoQ.isLoading,
      loadError: infoQ.error,
      position,
      report: base ?? reportOf(infoQ.data, position),
      userPk: user?.user.pk ?? 0,
      userName: user?.user.ch_name || user?.user.username || '',
      can: (code: string) => can(user, code),
      isSuper: user?.user.role_pk === SUPER_ADMIN_ROLE_PK,
      settings: {
        oneClickAudit: !!settings?.oneClickAudit,
        autoShRptClose: !!settings?.autoShRptClose,
        showray: !!settings?.showray,
        close: !!settings?.close,
      },
      esignMode: infoQ.data?.esign_mode ?? 0,
      certBound: !!user?.user.usb_key,
      hasRegion: !!user?.user.region,
      hasHospital: !!user?.user.hospital_code,
      switchTo,
      reload,
      accept,
    }),
    [
      studyIuid,
      infoQ.data,
      infoQ.isLoading,
      infoQ.error,
      position,
      base,
      reportOf,
      user,
      settings,
      switchTo,
      reload,
      accept,
    ],
  );
}
