import { SsoLanding } from '@web/features/oauth/components/sso-landing';

export default SsoLanding;
