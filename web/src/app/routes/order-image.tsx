import { OrderImagePage } from '@web/features/image-list/components/order-image-page';

/** /orderImage: image management (patorder:deleteImage). */
export default function OrderImageRoute() {
  return <OrderImagePage />;
}
