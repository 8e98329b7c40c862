import { theme } from 'antd';
import type { ReactNode } from 'react';
import { LanguageSwitch } from '@web/components/language-switch';

/** The page around the third-party sign-in and the single sign-on landing: one centred panel. */
export function OauthFrame({ children, testId }: { children: ReactNode; testId: string }) {
  const { token } = theme.useToken();
  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        padding: 16,
        background: token.colorBgLayout,
      }}
      data-testid={testId}
    >
      <div style={{ position: 'absolute', top: 16, right: 16 }}>
        <LanguageSwitch />
      </div>
      <section
        style={{
          width: '100%',
          maxWidth: 440,
          background: token.colorBgContainer,
          borderRadius: token.borderRadiusLG,
          boxShadow: token.boxShadowTertiary,
          padding: token.paddingLG,
        }}
      >
        {children}
      </section>
    </div>
  );
}
