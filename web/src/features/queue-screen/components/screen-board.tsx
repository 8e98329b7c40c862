import { useTranslation } from 'react-i18next';
import type { ScreenDevice, ScreenRoom } from '@shared/protocol/queue-screen';
import { useCarousel } from '../hooks/use-carousel';
import type { ConnectionStatus } from '@web/lib/reconnecting-socket';
import { ConnectionBadge } from './connection-badge';
import { Marquee } from './marquee';
import { RoomTable } from './room-table';
import { ScreenHeader } from './screen-header';

/** The waiting-room board: header, this page's rooms (a new page every switch_interval s), footer marquee. */
export function ScreenBoard(props: { device: ScreenDevice; rooms: ScreenRoom[]; status: ConnectionStatus }) {
  const { t } = useTranslation('queueScreen');
  const s = props.device.settings;
  const carousel = useCarousel(props.rooms, s.switch_interval);
  const small = Math.max(12, Math.round(s.font_size * 0.6));
  return (
    <>
      <ScreenHeader device={props.device} />
      <div
        style={{ flex: 1, display: 'flex', flexDirection: 'column' }}
        data-testid="screen-board"
        data-page={carousel.page}
      >
        <RoomTable rooms={carousel.items} settings={s} />
      </div>
      <footer
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: s.font_size,
          padding: `${small / 2}px ${s.font_size / 2}px`,
          background: s.title_bg_color,
          color: s.font_color,
          fontSize: small,
        }}
      >
        <Marquee text={s.marquee} step={s.scroll_step} intervalMs={s.scroll_interval} />
        {carousel.pages > 1 && (
          <span data-testid="screen-page-no">{t('page', { page: carousel.page + 1, pages: carousel.pages })}</span>
        )}
        <ConnectionBadge status={props.status} fontSize={small} />
      </footer>
    </>
  );
}
