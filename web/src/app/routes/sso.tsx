import { SsoLanding } from '@web/features/sso/components/sso-landing';

export default SsoLanding;
