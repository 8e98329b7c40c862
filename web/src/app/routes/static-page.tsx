import { useQuery } from '@tanstack/react-query';
import { Result, Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import type { StaticPages } from '@shared/schemas/auth';
import { apiGet } from '@web/lib/api-client';
import { staticTarget } from '../static-page-target';

/**
 * /page1, /page2/{newId}/{newTitle} and /temp lead to the hospital's static pages, whose addresses the
 * administrator sets (sys_config static_*_url; the spec names the routes, not the pages). Not set up: said so.
 */
export function StaticPageRedirect({ which }: { which: keyof StaticPages }) {
  const { t } = useTranslation('common');
  const params = useParams();
  const pages = useQuery({
    queryKey: ['static-pages'],
    queryFn: ({ signal }) => apiGet<StaticPages>('/tool/staticPages', undefined, { signal, silent: true }),
    // An address just set by the administrator applies at once.
    staleTime: 0,
    refetchOnMount: 'always',
  });
  const target = pages.data ? staticTarget(pages.data[which], params) : '';
  useEffect(() => {
    if (target) window.location.replace(target);
  }, [target]);
  if (pages.isFetching || target) return <Spin size="large" fullscreen />;
  return (
    <Result
      status="info"
      title={t('staticPage.notSet')}
      extra={<Link to="/">{t('staticPage.home')}</Link>}
      data-testid="static-page-not-set"
    />
  );
}

export const Page1 = () => <StaticPageRedirect which="page1" />;
export const Page2 = () => <StaticPageRedirect which="page2" />;
export const Temp = () => <StaticPageRedirect which="temp" />;
