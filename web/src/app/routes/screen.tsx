import { ScreenPage } from '@web/features/queue-screen/components/screen-page';

/** Public: no sign-in, no shell (spec: screen skips the login check); a device key binds it to a call device. */
export default ScreenPage;
