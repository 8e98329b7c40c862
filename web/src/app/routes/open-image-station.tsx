import { useSearchParams } from 'react-router-dom';
import { OpenStationPage } from '@web/features/agent-bridge/components/open-station-page';

/** OpenImageStation?study_iuid=<uid><time suffix>: public; opens the study in the local viewer. */
export default function OpenImageStationRoute() {
  const [q] = useSearchParams();
  const raw = q.get('study_iuid') ?? '';
  return (
    <div style={{ padding: 48 }}>
      <OpenStationPage key={raw} rawUid={raw} />
    </div>
  );
}
