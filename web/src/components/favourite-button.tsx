import { StarFilled, StarOutlined } from '@ant-design/icons';
import { App, Button, Tooltip } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { StudyRow } from '@shared/schemas/order';
import { apiPost } from '@web/lib/api-client';
import { queryClient } from '@web/lib/query-client';

/** The favourite star of a study: adds it to or removes it from the caller's favourites. */
export function FavouriteButton({ study }: { study: Pick<StudyRow, 'study_iuid' | 'collected'> }) {
  const { t } = useTranslation('study');
  const { message } = App.useApp();
  const toggle = useMutation({
    mutationFn: () =>
      apiPost<null>(study.collected ? '/collection/remove' : '/collection/add', { study_iuid: study.study_iuid }),
    onSuccess: async () => {
      void message.success(study.collected ? t('favourite.removed') : t('favourite.added'));
      await Promise.all(
        ['orders', 'collection', 'history'].map((k) => queryClient.invalidateQueries({ queryKey: [k] })),
      );
    },
  });
  const label = study.collected ? t('favourite.remove') : t('favourite.add');
  return (
    <Tooltip title={label}>
      <Button
        type="link"
        size="small"
        aria-label={label}
        loading={toggle.isPending}
        icon={study.collected ? <StarFilled style={{ color: '#faad14' }} /> : <StarOutlined />}
        onClick={() => toggle.mutate()}
        data-testid="row-favourite"
        data-collected={study.collected}
      />
    </Tooltip>
  );
}
