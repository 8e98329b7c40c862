import { theme } from 'antd';
import type { ReactNode } from 'react';
import { LanguageSwitch } from './language-switch';

interface EntryFrameProps {
  /** The system title above the panel. */
  title: string;
  titleColor?: string;
  /** The panel's heading. */
  heading: ReactNode;
  children: ReactNode;
  /** Under the panel (other sign-in ways, the footer). */
  below?: ReactNode;
  /** Test ids: `<testId>-title`, `<testId>-panel`. */
  testId: string;
  /** The panel's width (the sign-in panel is 400). */
  width?: number;
}

/** The account entry pages' frame (sign-in, registration, activation): the background, language switch, title and panel. */
export function EntryFrame({ title, titleColor, heading, children, below, testId, width = 400 }: EntryFrameProps) {
  const { token } = theme.useToken();
  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        padding: 16,
        background: 'linear-gradient(135deg, #0b2a4a 0%, #123d6b 55%, #1d5a94 100%)',
      }}
    >
      <div style={{ position: 'absolute', top: 16, right: 16 }}>
        <LanguageSwitch dark />
      </div>
      <h2
        style={{
          color: titleColor || '#ffffff',
          margin: '0 0 24px',
          textAlign: 'center',
          fontSize: token.fontSizeHeading2,
          lineHeight: token.lineHeightHeading2,
          fontWeight: token.fontWeightStrong,
        }}
        data-testid={`${testId}-title`}
      >
        {title}
      </h2>
      {/* A plain panel, not antd Card: Card brings Tabs, Menu and Dropdown into the login page's download. */}
      <section
        style={{
          width: '100%',
          maxWidth: width,
          background: token.colorBgContainer,
          borderRadius: token.borderRadiusLG,
          boxShadow: token.boxShadowTertiary,
          fontSize: token.fontSize,
        }}
        data-testid={`${testId}-panel`}
      >
        <h3
          style={{
            margin: 0,
            padding: `${token.paddingSM + 4}px ${token.paddingLG}px`,
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
            fontSize: token.fontSizeLG,
            fontWeight: token.fontWeightStrong,
            color: token.colorTextHeading,
          }}
        >
          {heading}
        </h3>
        <div style={{ padding: token.paddingLG }}>{children}</div>
      </section>
      {below}
    </div>
  );
}
