import type { RegionNode } from '@shared/schemas/admin-org';

export interface RegionOption {
  value: string;
  title: string;
  children: RegionOption[];
}

/** The region tree as TreeSelect data; a value is the region's pk as text (what users and hospitals hold). */
export const regionOptions = (nodes: RegionNode[]): RegionOption[] =>
  nodes.map((n) => ({ value: String(n.pk), title: n.name, children: regionOptions(n.children) }));
