import { InDevelopment } from '@web/components/in-development';

export default InDevelopment;
