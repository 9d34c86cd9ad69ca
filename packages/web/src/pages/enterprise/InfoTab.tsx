import { useEffect } from 'react';
import { App, Button, Card, Descriptions, Form, Input, Skeleton, Switch, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type Company } from '@vitrine/contract';
import { api } from '../../api/routes';
import { call } from '../../api/client';
import { keys } from '../../api/keys';
import { EnterpriseAvatar, EnterpriseStatusTag } from '../../app/layout/EnterpriseStatusTag';
import { appStore } from '../../state/app';
import { writeStored } from '../../state/storage';
import { FileUpload } from '../../components/Upload/Upload';
import { ReviewPolicyCard } from './ReviewPolicyCard';
import { useErrorToast } from './shared';

type Values = { title: string; logo: string };

/** The header's enterprise switcher reads the active enterprise: keep it in step with an edit. */
function refreshActive(company: Company): void {
  const { activeCom, companyList } = appStore.get();
  if (activeCom.companyCode !== company.companyCode) return;
  const next = { ...activeCom, title: company.title, logo: company.logo };
  const list = companyList.map((c) =>
    c.companyCode === company.companyCode ? { ...c, title: company.title, logo: company.logo } : c,
  );
  writeStored('activeCom', next);
  writeStored('companyList', list);
  appStore.set({ activeCom: next, companyList: list });
}

export function InfoTab() {
  const { t } = useTranslation('enterprise');
  const { message } = App.useApp();
  const qc = useQueryClient();
  const onError = useErrorToast();
  const [form] = Form.useForm<Values>();
  const info = useQuery({ queryKey: keys.company.info(), queryFn: () => call(api.company.info) });

  useEffect(() => {
    if (info.data) form.setFieldsValue({ title: info.data.title, logo: info.data.logo });
  }, [info.data, form]);

  const save = useMutation({
    mutationFn: (v: Values) => call(api.company.update, { title: v.title, logo: v.logo }),
    onSuccess: (company) => {
      qc.setQueryData(keys.company.info(), company);
      void qc.invalidateQueries({ queryKey: keys.account.info() });
      refreshActive(company);
      void message.success(t('info.saved'));
    },
    onError,
  });

  // the screens' "camera in use" mark (issue 26): saved at once, screens get it with their next heartbeat
  const mark = useMutation({
    mutationFn: (on: boolean) => call(api.company.update, { cameraMark: on ? 1 : 0 }),
    onSuccess: (company) => {
      qc.setQueryData(keys.company.info(), company);
      void message.success(t('info.cameraMarkSaved'));
    },
    onError,
  });

  if (info.isPending) return <Skeleton active />;
  if (!info.data) return null;
  const c = info.data;
  return (
    <div
      data-testid="ent-info"
      style={{ display: 'grid', gap: 16, gridTemplateColumns: 'repeat(auto-fit, minmax(320px, 1fr))' }}
    >
      <Card title={t('info.current')}>
        <div style={{ display: 'flex', gap: 16, alignItems: 'center' }}>
          <EnterpriseAvatar title={c.title} logo={c.logo} size={56} />
          <Descriptions column={1} size="small">
            <Descriptions.Item label={t('info.title')}>{c.title}</Descriptions.Item>
            <Descriptions.Item label={t('info.code')}>
              <span data-testid="ent-info-code">{c.companyCode}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('info.status')}>
              <EnterpriseStatusTag status={c.status} />
            </Descriptions.Item>
          </Descriptions>
        </div>
      </Card>
      <Card title={t('info.edit')}>
        <Form form={form} layout="vertical" onFinish={(v) => save.mutate(v)}>
          <Form.Item
            name="title"
            label={t('info.title')}
            rules={[{ required: true, whitespace: true, message: t('form.required') }, { max: 64 }]}
          >
            <Input data-testid="ent-info-title" maxLength={64} />
          </Form.Item>
          <Form.Item name="logo" label={t('info.logo')}>
            <FileUpload kind="logo" testId="ent-info-logo" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="ent-info-save">
            {t('action.save')}
          </Button>
        </Form>
      </Card>
      <ReviewPolicyCard info={c} />
      <Card title={t('info.cameraMark')}>
        <label style={{ display: 'flex', gap: 12, alignItems: 'flex-start' }}>
          <Switch
            checked={c.cameraMark !== 0}
            loading={mark.isPending}
            onChange={(on) => mark.mutate(on)}
            data-testid="ent-camera-mark"
            aria-label={t('info.cameraMark')}
          />
          <Typography.Text type="secondary">{t('info.cameraMarkHelp')}</Typography.Text>
        </label>
      </Card>
    </div>
  );
}
