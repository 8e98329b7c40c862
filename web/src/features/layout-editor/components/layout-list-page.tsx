import { ImportOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Button } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SUPER_ADMIN_ROLE_PK } from '@shared/constants';
import type { LayoutRow } from '@shared/schemas/layout';
import { ListPage } from '@web/components/list-page/list-page';
import { pageOfRows } from '@web/components/list-page/list-query';
import { useListParams } from '@web/components/list-page/use-list-params';
import type { ReportDocumentProps } from '@web/lib/report-document-props';
import { useUserInfo } from '@web/lib/user-info';
import { apiPost } from '@web/lib/api-client';
import { useHospitalOptions } from '../api/layout-api';
import { useLayoutActivation } from '../hooks/use-layout-activation';
import { filterValue, layoutSpec, type LayoutFilters } from '../lib/layout-list';
import { layoutColumns } from './layout-columns';
import { LayoutEditor } from './layout-editor';
import { MrrtImportModal } from './mrrt-import-modal';

/** null: closed; 'new': a new layout; a pk: that layout. */
type Editing = null | 'new' | number;

/**
 * /system/layout: the report layouts of the caller's hospital and the installation's (every hospital's
 * for the super administrator): new, edit, preview with a study, MRRT import and export, withdraw. A new,
 * imported or edited layout is a draft until activated here, which says how many studies it will change.
 */
export function LayoutListPage({ renderDocument }: { renderDocument: (p: ReportDocumentProps) => ReactNode }) {
  const { t } = useTranslation('layoutEditor');
  const { message } = App.useApp();
  const user = useUserInfo().data;
  const isSuper = user?.user.role_pk === SUPER_ADMIN_ROLE_PK;
  const hospitalList = useHospitalOptions(isSuper);
  const hospitals = useMemo(
    () => (isSuper ? (hospitalList.data ?? []).map((h) => ({ value: h.code, label: h.name })) : null),
    [isSuper, hospitalList.data],
  );
  // Others see only their own hospital's layouts and the installation's: their session names their hospital.
  const hospitalName = (code: string) =>
    !code
      ? t('installation')
      : code === user?.user.hospital_code && user.user.hospital_name
        ? user.user.hospital_name
        : (hospitalList.data?.find((h) => h.code === code)?.name ?? code);
  const spec = useMemo(() => layoutSpec(t, hospitals), [t, hospitals]);
  const state = useListParams(spec);
  const { params } = state;
  const query = useQuery({
    queryKey: ['layouts', params],
    queryFn: async ({ signal }) => {
      const hospital_code = filterValue(params.filters.hospital_code);
      const modality = filterValue(params.filters.modality);
      const body = {
        ...(hospital_code === undefined ? {} : { hospital_code }),
        ...(modality === undefined ? {} : { modality }),
      };
      const rows = await apiPost<LayoutRow[]>('/layout/list', body, { signal });
      return pageOfRows(rows, params.pageNumber, params.pageSize);
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const [editing, setEditing] = useState<Editing>(null);
  const [importing, setImporting] = useState(false);
  const refetch = () => void query.refetch();

  const { activate, discard } = useLayoutActivation(refetch);
  const columns = layoutColumns(t, {
    hospitalName,
    onEdit: setEditing,
    refetch,
    onActivate: (r) => void activate(r),
    onDiscard: discard,
  });

  return (
    <>
      <ListPage<LayoutRow, LayoutFilters>
        testId="layout"
        pageTestId="layout-list"
        route="/system/layout"
        spec={spec}
        state={state}
        query={query}
        columns={columns}
        rowKey="pk"
        rowAttrs={(r) => ({ 'data-pk': String(r.pk), 'data-name': r.name })}
        toolbar={
          <>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="layout-new">
              {t('new')}
            </Button>
            <Button icon={<ImportOutlined />} onClick={() => setImporting(true)} data-testid="layout-import">
              {t('importMrrt')}
            </Button>
          </>
        }
      />
      {editing !== null && (
        <LayoutEditor
          pk={editing === 'new' ? undefined : editing}
          hospitals={hospitals}
          ownHospital={user?.user.hospital_code ?? ''}
          renderDocument={renderDocument}
          onClose={(saved) => {
            setEditing(null);
            if (saved) refetch();
          }}
        />
      )}
      {importing && (
        <MrrtImportModal
          hospitals={hospitals}
          onClose={(result) => {
            setImporting(false);
            if (!result) return;
            void message.success(t('imported', { name: result.name, removed: result.removed }));
            refetch();
          }}
        />
      )}
    </>
  );
}
