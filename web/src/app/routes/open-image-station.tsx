import { InDevelopment } from '@web/components/in-development';

/** OpenImageStation: open the study in the local viewer (placeholder until its feature lands). */
export default function OpenImageStationRoute() {
  return <InDevelopment />;
}
