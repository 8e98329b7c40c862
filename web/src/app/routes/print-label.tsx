import { InDevelopment } from '@web/components/in-development';

/** Patient label printing, /printLabel (placeholder until its feature lands). */
export default function PrintLabelRoute() {
  return <InDevelopment />;
}
