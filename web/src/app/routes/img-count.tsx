import { FilmQualityPage } from '@web/features/statistics/components/film-quality-page';

export default function ImgCountRoute() {
  return <FilmQualityPage />;
}
