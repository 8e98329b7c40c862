import { Button } from 'antd';
import type { ButtonProps } from 'antd';
import type { useAppProps } from 'antd/es/app/context';
import type { TFunction } from 'i18next';
import { addPage } from '@shared/report/document';
import type { ApiError } from '@web/lib/api-error';
import { useEditorStore } from '../stores/editor-store';

type ModalApi = useAppProps['modal'];

/** Text past the page: with several pages allowed, offer a page more; else say the page is full. */
export function overflowPrompt(
  kind: 'add-page' | 'max',
  o: { modal: ModalApi; message: useAppProps['message']; t: TFunction<'report'> },
) {
  if (kind === 'max') {
    void o.message.error(o.t('overflow.max'));
    return;
  }
  o.modal.confirm({
    title: o.t('overflow.addPageTitle'),
    content: o.t('overflow.addPage'),
    onOk: () => {
      const s = useEditorStore.getState();
      s.patch({ findings: addPage(s.findings) });
    },
  });
}

/** 422 from the content check: show what matched; continue resends with RemoveCheck, or re-edit. */
export function showContentCheck(modal: ModalApi, t: TFunction<'report'>, e: ApiError, onContinue: () => void) {
  const checks = ((e.data ?? {}) as { checks?: { feature: string; content: string }[] }).checks ?? [];
  modal.confirm({
    title: t('contentCheck.title'),
    width: 520,
    content: (
      <div data-testid="rw-content-check">
        <p>{e.message}</p>
        <ul>
          {checks.map((c, i) => (
            <li key={i}>
              <b>{c.feature}</b>: {c.content}
            </li>
          ))}
        </ul>
      </div>
    ),
    okText: t('contentCheck.continue'),
    cancelText: t('contentCheck.edit'),
    okButtonProps: { 'data-testid': 'rw-content-continue' } as ButtonProps,
    onOk: onContinue,
  });
}

/**
 * 409 stale version: the server's message names who changed the report. The doctor's text stays on
 * screen whatever they choose; loading the newer text is an explicit choice.
 */
export function showStaleConflict(
  modal: ModalApi,
  t: TFunction<'report'>,
  serverMessage: string,
  on: { loadNewer: () => void; compare: () => void; keepMine: () => void },
) {
  const m = modal.warning({
    title: t('stale.title'),
    width: 560,
    content: (
      <div>
        <p data-testid="rw-stale-message">{serverMessage}</p>
        <p>{t('stale.hint')}</p>
      </div>
    ),
    okText: t('stale.keepMine'),
    okButtonProps: { 'data-testid': 'rw-stale-keep' } as ButtonProps,
    onOk: on.keepMine,
    footer: (_, { OkBtn }) => (
      <>
        <Button
          data-testid="rw-stale-compare"
          onClick={() => {
            m.destroy();
            on.compare();
          }}
        >
          {t('stale.compare')}
        </Button>
        <Button
          data-testid="rw-stale-load"
          onClick={() => {
            m.destroy();
            on.loadNewer();
          }}
        >
          {t('stale.loadNewer')}
        </Button>
        <OkBtn />
      </>
    ),
  });
}
