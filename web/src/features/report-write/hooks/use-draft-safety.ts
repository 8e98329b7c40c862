import { App } from 'antd';
import type { ButtonProps } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS } from '@shared/permissions';
import { decide } from '@shared/report/rules';
import { currentLocale } from '@web/lib/i18n';
import { useSessionStore } from '@web/lib/session-store';
import { reportApi } from '../api/report-api';
import { clearDraft, draftToOffer, readDraft, sameTexts, writeDraft, type DraftRef } from '../lib/local-draft';
import { textsDirty, useEditorStore } from '../stores/editor-store';
import type { ReportScreen } from './use-report-screen';

/** Spec section 4: the draft is kept every 5 seconds while the report is not audited. */
export const DRAFT_INTERVAL_MS = 5_000;

/** A request that outlives the page (pagehide): fetch keepalive carries the Authorization header. */
export function sendOnExit(path: string, body: unknown): void {
  const token = useSessionStore.getState().token;
  if (!token) return;
  try {
    void fetch(path, {
      method: 'POST',
      keepalive: true,
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${token}`,
        'Accept-Language': currentLocale(),
      },
      body: JSON.stringify(body),
    }).catch(() => undefined);
  } catch {
    // The page is going away; nothing else to do.
  }
}

function editable(screen: ReportScreen): boolean {
  const r = useEditorStore.getState().base ?? screen.report;
  return decide('cache', { rpt_status: r.rpt_status, third_party: !!r.third_party_pdf }).ok;
}

/**
 * Draft safety: every 5 s (and when the tab is hidden) the unsaved text goes to localStorage and, when it
 * changed, to the server draft. Opening a report whose drafts differ from the saved text offers them back.
 * Closing the tab (pagehide) pushes the last text to the server and removes the local draft if nothing is
 * unsaved; a crash fires no pagehide, so its local draft is still there on reopen.
 */
export function useDraftSafety(screen: ReportScreen) {
  const { t } = useTranslation('report');
  const { modal } = App.useApp();
  const pushed = useRef({ report_text1: '', report_text2: '' });
  const offered = useRef<string>('');
  const screenRef = useRef(screen);
  useEffect(() => {
    screenRef.current = screen;
  });
  const position = screen.report.rpt_position;
  const ref: DraftRef | null = screen.userPk ? { userPk: screen.userPk, studyIuid: screen.studyIuid, position } : null;
  const refKey = ref ? `${ref.userPk}|${ref.studyIuid}|${ref.position}` : '';
  const loaded = !!screen.info && !!useEditorStore.getState().base;

  // Offer a draft back once per opened report.
  useEffect(() => {
    if (!ref || !loaded || offered.current === refKey) return;
    offered.current = refKey;
    const s = useEditorStore.getState();
    if (!s.base || !editable(screenRef.current)) return;
    const saved = { report_text1: s.base.report_text1, report_text2: s.base.report_text2 };
    pushed.current = saved;
    const server = screenRef.current.info?.drafts.find((d) => d.rpt_position === ref.position);
    const offer = draftToOffer(saved, readDraft(localStorage, ref), server);
    if (!offer) {
      clearDraft(localStorage, ref);
      return;
    }
    modal.confirm({
      title: t('draft.title'),
      content: t(offer.source === 'local' ? 'draft.local' : 'draft.server'),
      okText: t('draft.restore'),
      cancelText: t('draft.discard'),
      okButtonProps: { 'data-testid': 'rw-draft-restore' } as ButtonProps,
      cancelButtonProps: { 'data-testid': 'rw-draft-discard' } as ButtonProps,
      onOk: () =>
        useEditorStore.getState().patch({
          findings: offer.texts.report_text1,
          opinion: offer.texts.report_text2,
          ...(offer.detail ? { detail: offer.detail } : {}),
        }),
      onCancel: () => clearDraft(localStorage, ref),
    });
    // refKey names the report; ref itself is rebuilt each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refKey, loaded, modal, t]);

  useEffect(() => {
    if (!ref) return;
    const keepLocal = () => {
      const s = useEditorStore.getState();
      if (!s.base || !editable(screenRef.current) || !textsDirty(s)) return;
      writeDraft(localStorage, ref, {
        report_text1: s.findings,
        report_text2: s.opinion,
        rpt_detail: s.detail,
        version: s.base.version,
        at: Date.now(),
      });
    };
    const tick = () => {
      keepLocal();
      const s = useEditorStore.getState();
      const texts = { report_text1: s.findings, report_text2: s.opinion };
      if (!s.base || !textsDirty(s) || sameTexts(texts, pushed.current)) return;
      if (!editable(screenRef.current) || !screenRef.current.can(PERMISSIONS.CACHE_RPTS)) return;
      pushed.current = texts;
      void reportApi.cache({ study_iuid: ref.studyIuid, rpt_position: ref.position, ...texts }).catch(() => {
        pushed.current = { report_text1: '', report_text2: '' };
      });
    };
    const onHidden = () => {
      if (document.visibilityState === 'hidden') keepLocal();
    };
    const onPageHide = (ev: PageTransitionEvent) => {
      keepLocal();
      const s = useEditorStore.getState();
      if (s.base && textsDirty(s) && editable(screenRef.current) && screenRef.current.can(PERMISSIONS.CACHE_RPTS)) {
        sendOnExit('/report/cache', {
          study_iuid: ref.studyIuid,
          rpt_position: ref.position,
          report_text1: s.findings,
          report_text2: s.opinion,
        });
      }
      // Closing the tab with nothing unsaved leaves no local draft behind (the lock is released by useStudyLock).
      if (!ev.persisted && !textsDirty(s)) clearDraft(localStorage, ref);
    };
    const timer = window.setInterval(tick, DRAFT_INTERVAL_MS);
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', onPageHide);
      // Leaving the screen inside the app (Close, another tab of the bar): keep the text both ways.
      keepLocal();
      tick();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refKey]);
}
