import { InDevelopment } from '@web/components/in-development';

/** Placeholder until its feature page lands (issue 11). */
export default InDevelopment;
