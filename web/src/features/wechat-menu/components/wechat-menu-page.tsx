import { ReloadOutlined, SendOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Row, Space } from 'antd';
import { useEffect, useMemo, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { menuProblems } from '@shared/schemas/wechat-menu';
import { HospitalSelect } from '@web/components/study-selects';
import { isApiError } from '@web/lib/api-error';
import { useUserInfo } from '@web/lib/user-info';
import { publishMenu, useWechatMenu } from '../api/wechat-menu-api';
import { editorReducer, emptyEditor, selectedButton, toPlatformMenu } from '../lib/menu-editor';
import { ButtonForm } from './button-form';
import { MenuProblems, type Outcome, PublishResult } from './menu-alerts';
import { PhonePreview } from './phone-preview';

/** /wxmenu: edit the hospital public account's menu on a phone mock-up and publish it to the platform. */
export function WechatMenuPage() {
  const { t } = useTranslation('wechatMenu');
  const { message } = App.useApp();
  const { data: info } = useUserInfo();
  const [hospital, setHospital] = useState<string | undefined>(undefined);
  const current = hospital ?? info?.user.hospital_code ?? undefined;
  const menu = useWechatMenu(current);
  const [state, dispatch] = useReducer(editorReducer, emptyEditor);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const problems = useMemo(() => menuProblems({ button: state.button }), [state.button]);

  useEffect(() => {
    if (menu.data) dispatch({ type: 'load', button: menu.data.button });
  }, [menu.data]);

  const publish = useMutation({
    mutationFn: () => publishMenu({ hospital_code: current ?? '', menu: JSON.stringify(toPlatformMenu(state.button)) }),
    onSuccess: (r) => {
      const ok = r.errmsg === 'ok';
      setOutcome({ ok, errmsg: r.errmsg });
      if (ok) void message.success(t('publishOk'));
    },
    onError: (e) => setOutcome({ ok: false, errmsg: isApiError(e) ? e.message : String(e), ours: true }),
  });

  const status = menu.isFetching ? 'loading' : menu.isError ? 'error' : menu.data ? 'ready' : 'idle';
  return (
    <Card
      data-testid="wxmenu-page"
      data-status={status}
      title={t('title')}
      extra={
        <Space wrap>
          <HospitalSelect
            data-testid="wxmenu-hospital"
            allowClear={false}
            value={current}
            onChange={(v) => {
              setHospital(v);
              setOutcome(null);
            }}
            style={{ width: 220 }}
          />
          <Button
            icon={<ReloadOutlined />}
            onClick={() => void menu.refetch()}
            disabled={!current}
            data-testid="wxmenu-reload"
          >
            {t('reload')}
          </Button>
          <Button
            type="primary"
            icon={<SendOutlined />}
            data-testid="wxmenu-publish"
            disabled={!current || problems.length > 0}
            loading={publish.isPending}
            onClick={() => {
              setOutcome(null);
              publish.mutate();
            }}
          >
            {t('publish')}
          </Button>
        </Space>
      }
    >
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        {!current && <Alert type="info" showIcon message={t('pickHospital')} />}
        {menu.isError && (
          <Alert
            type="warning"
            showIcon
            data-testid="wxmenu-load-error"
            message={t('loadFailed', { msg: isApiError(menu.error) ? menu.error.message : '' })}
          />
        )}
        <PublishResult outcome={outcome} />
        <MenuProblems problems={problems} />
        <Row gutter={[32, 16]} wrap>
          <Col flex="none">
            <PhonePreview
              title={t('account')}
              button={state.button}
              selected={state.selected}
              onSelect={(selected) => dispatch({ type: 'select', selected })}
              onAddTop={() => dispatch({ type: 'addTop', name: t('newTop') })}
              onAddSub={(top) => dispatch({ type: 'addSub', top, name: t('newSub') })}
            />
          </Col>
          <Col flex="auto" style={{ minWidth: 320 }}>
            <ButtonForm
              selected={state.selected}
              button={selectedButton(state)}
              problems={problems}
              onChange={(patch) => dispatch({ type: 'update', patch })}
              onRemove={() => dispatch({ type: 'remove' })}
            />
          </Col>
        </Row>
      </Space>
    </Card>
  );
}
