import { useQuery } from '@tanstack/react-query';
import type { BridgeRequirements } from '@shared/agent/api';
import { compareVersions } from '@shared/config-kinds';
import { apiGet } from '@web/lib/api-client';

/** What this installation needs of the workstation bridge (sys_config), read once per sign-in and hour. */
export function useBridgeRequirements() {
  return useQuery({
    queryKey: ['bridge-requirements'],
    queryFn: ({ signal }) =>
      apiGet<BridgeRequirements>('/tool/bridgeRequirements', undefined, { signal, silent: true }),
    staleTime: 3_600_000,
  });
}

export interface OutdatedPart {
  part: 'agent' | 'extension';
  version: string;
  required: string;
}

/** The bridge's parts older than required: only those that answered with a version. */
export function outdatedParts(
  have: { agentVersion?: string | undefined; extensionVersion?: string | undefined },
  need: Pick<BridgeRequirements, 'agent_min_version' | 'extension_min_version'>,
): OutdatedPart[] {
  const out: OutdatedPart[] = [];
  const check = (part: OutdatedPart['part'], version: string | undefined, required: string) => {
    if (version && required && compareVersions(version, required) < 0) out.push({ part, version, required });
  };
  check('agent', have.agentVersion, need.agent_min_version);
  check('extension', have.extensionVersion, need.extension_min_version);
  return out;
}
