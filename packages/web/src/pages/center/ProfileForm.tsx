import { useEffect } from 'react';
import { App, Button, Card, Form, Input } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/routes';
import { call } from '../../api/client';
import { keys } from '../../api/keys';
import { FileUpload } from '../../components/Upload/Upload';
import { appStore } from '../../state/app';
import { COOKIE, setCookie } from '../../state/cookies';
import { useFormFeedback } from '../_public/useFormFeedback';

type Values = { nickname: string; avatar: string };
const FIELDS = ['nickname', 'avatar'] as const;

export function ProfileForm() {
  const { t } = useTranslation('center');
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<Values>();
  const { alert, onError } = useFormFeedback(form, FIELDS);
  const info = useQuery({ queryKey: keys.account.info(), queryFn: () => call(api.account.info) });

  useEffect(() => {
    if (info.data) form.setFieldsValue({ nickname: info.data.nickname, avatar: info.data.avatar });
  }, [info.data, form]);

  const save = useMutation({
    mutationFn: (v: Values) => call(api.account.update, { nickname: v.nickname.trim(), avatar: v.avatar ?? '' }),
    onSuccess: (me) => {
      qc.setQueryData(keys.account.info(), me);
      // The header shows the nickname from the app state and the nickName cookie (spec §3).
      setCookie(COOKIE.nickName, me.nickname, 30);
      appStore.set({ nickName: me.nickname, userInfo: me });
      void message.success(t('saved'));
    },
    onError,
  });

  return (
    <Card title={t('editor.profile')} data-testid="editor-profile">
      <Form form={form} layout="vertical" onFinish={(v) => save.mutate(v)}>
        <Form.Item
          name="nickname"
          label={t('nickname')}
          rules={[{ required: true, whitespace: true, message: t('required') }, { max: 32 }]}
        >
          <Input maxLength={32} data-testid="editor-nickname" />
        </Form.Item>
        <Form.Item name="avatar" label={t('avatar')}>
          <FileUpload kind="avatar" testId="editor-avatar" />
        </Form.Item>
        {alert ? (
          <div role="alert" style={{ color: '#ff4d4f', marginBottom: 12 }}>
            {alert}
          </div>
        ) : null}
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="editor-profile-save">
          {t('save')}
        </Button>
      </Form>
    </Card>
  );
}
