import type { ButtonProps } from 'antd';

/** ButtonProps has no data-* attributes in its type; antd passes them on to the button. */
export const testIdProp = (id: string) => ({ 'data-testid': id }) as ButtonProps;
