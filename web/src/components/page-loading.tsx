import { Spin } from 'antd';

export function PageLoading() {
  return (
    <div style={{ minHeight: 240, height: '100%', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Spin size="large" data-testid="page-loading" />
    </div>
  );
}
