import type { CSSProperties } from 'react';
import type { TemplateElement } from '@shared/schemas/report';

/** What the element view hands to each kind of layout element. */
export interface ElementProps {
  el: TemplateElement;
  style: CSSProperties;
  className: string;
}
