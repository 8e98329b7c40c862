import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FootTitle } from '@shared/schemas/auth';
import { EntryFrame } from '@web/components/entry-frame';
import { useFootTitle } from '@web/features/auth/api/foot-title';
import { currentLocale } from '@web/lib/i18n';
import { systemTitle } from '@web/lib/system-title';

interface RegistrationFrameProps {
  /** The panel's heading and the window title's first part. */
  heading: string;
  testId: string;
  width?: number;
  children: (foot: FootTitle | undefined) => ReactNode;
}

/** The registration pages in the sign-in page's frame, with the installation's title (and its settings, for the form). */
export function RegistrationFrame({ heading, testId, width, children }: RegistrationFrameProps) {
  const { t } = useTranslation('auth');
  const { data: foot } = useFootTitle();
  const title = systemTitle(foot?.title, currentLocale(), t('defaultTitle'));
  useEffect(() => {
    document.title = `${heading} - ${title}`;
  }, [heading, title]);
  return (
    <EntryFrame testId={testId} title={title} titleColor={foot?.title_color} heading={heading} width={width}>
      {children(foot)}
    </EntryFrame>
  );
}
