import { VerifyPage } from '@web/features/verify/components/verify-page';

/** /verify (no sign-in): check a report's electronic signature by its printed code or its PDF. */
export default function VerifyRoute() {
  return <VerifyPage />;
}
