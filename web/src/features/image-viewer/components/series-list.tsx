import { useTranslation } from 'react-i18next';
import type { ViewerStudy } from '@shared/schemas/image-viewer';
import { thumbnailUrl } from '../lib/image-ids';

interface Props {
  study: ViewerStudy;
  token: string;
  selected: string;
  /** Thumbnails wait for the first image, so their requests do not delay it. */
  showThumbnails: boolean;
  onSelect: (seriesIuid: string) => void;
}

/** The study's series down the left side: the middle image as a thumbnail, number, description, count. */
export function SeriesList({ study, token, selected, showThumbnails, onSelect }: Props) {
  const { t } = useTranslation('imageViewer');
  return (
    <nav className="rx-viewer-series" aria-label={t('series.title')} data-testid="viewer-series-list">
      {study.series.map((s, i) => {
        const thumb = showThumbnails ? thumbnailUrl(study.study_iuid, s, token) : null;
        const title = s.series_desc || t('series.untitled', { n: s.series_number ?? i + 1 });
        return (
          <button
            key={s.series_iuid}
            type="button"
            className={s.series_iuid === selected ? 'rx-series-item rx-selected' : 'rx-series-item'}
            onClick={() => onSelect(s.series_iuid)}
            data-testid={`viewer-series-${i}`}
            data-series={s.series_iuid}
            aria-pressed={s.series_iuid === selected}
          >
            <span className="rx-series-thumb">
              {thumb && (
                <img
                  src={thumb}
                  alt=""
                  width={96}
                  height={96}
                  loading="lazy"
                  onError={(e) => (e.currentTarget.style.visibility = 'hidden')}
                />
              )}
            </span>
            <span className="rx-series-title" title={title}>
              {s.series_number !== null ? `${s.series_number} · ` : ''}
              {title}
            </span>
            <span className="rx-series-count">
              {s.modality} · {t('series.images', { count: s.instances.length })}
            </span>
          </button>
        );
      })}
    </nav>
  );
}
