import { useState } from 'react';
import { App, Button, Card, Form, Input, Modal, Segmented, Space } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { APPLY_STATUS, type JoinApply } from '@vitrine/contract';
import { api } from '../../api/routes';
import { call } from '../../api/client';
import { keys } from '../../api/keys';
import { PagedTable } from '../../components/PagedTable';
import { ApplyStatusTag, formatTime, useErrorToast } from './shared';

type StatusFilter = 'all' | 201 | 202 | 203;

/** Join applications (201 not reviewed / 202 approved / 203 rejected), approve or reject with a reason. */
export function AppliesTab() {
  const { t } = useTranslation(['enterprise', 'common']);
  const { modal, message } = App.useApp();
  const qc = useQueryClient();
  const onError = useErrorToast();
  const [status, setStatus] = useState<StatusFilter>(APPLY_STATUS.pending);
  const [rejecting, setRejecting] = useState<JoinApply | null>(null);
  const [form] = Form.useForm<{ reason: string }>();
  const filter = { status: status === 'all' ? undefined : status };

  const audit = useMutation({
    mutationFn: (v: { id: number; pass: 0 | 1; reason?: string }) => call(api.company.auditJoin, v),
    onSuccess: (_r, v) => {
      setRejecting(null);
      void qc.invalidateQueries({ queryKey: keys.company.all });
      void message.success(v.pass === 1 ? t('apply.approved') : t('apply.rejected'));
    },
    onError,
  });

  const approve = (a: JoinApply) =>
    modal.confirm({
      title: t('apply.approveTitle', { name: a.nickname || a.phone }),
      content: t('apply.approveText'),
      okText: t('apply.approve'),
      cancelText: t('common:action.cancel'),
      onOk: () => audit.mutateAsync({ id: a.id, pass: 1 }).catch(() => undefined),
    });

  return (
    <Card data-testid="ent-applies">
      <Segmented<StatusFilter>
        style={{ marginBottom: 12 }}
        value={status}
        onChange={setStatus}
        options={[
          { value: 201, label: t('applyStatus.201') },
          { value: 202, label: t('applyStatus.202') },
          { value: 203, label: t('applyStatus.203') },
          { value: 'all', label: t('apply.all') },
        ]}
        data-testid="apply-status"
      />
      <PagedTable<JoinApply>
        source={{
          key: (pageNum) => keys.company.applies({ ...filter, pageNum }),
          fetch: (page) => call(api.company.applies, { ...filter, ...page }),
        }}
        empty={t('apply.empty')}
        columns={[
          { title: t('member.name'), key: 'n', render: (_v, a) => a.nickname || '—' },
          { title: t('member.phone'), dataIndex: 'phone' },
          { title: t('apply.time'), key: 'c', render: (_v, a) => formatTime(a.ctime) },
          { title: t('member.status'), key: 's', render: (_v, a) => <ApplyStatusTag status={a.status} /> },
          { title: t('apply.reviewer'), key: 'r', render: (_v, a) => a.reviewer || '—' },
          { title: t('apply.reason'), key: 'reason', render: (_v, a) => a.reason || '—' },
          {
            title: t('action.actions'),
            key: 'a',
            width: 160,
            render: (_v, a) =>
              a.status !== APPLY_STATUS.pending ? null : (
                <Space size={0}>
                  <Button type="link" size="small" onClick={() => approve(a)} data-testid={`apply-approve-${a.id}`}>
                    {t('apply.approve')}
                  </Button>
                  <Button
                    type="link"
                    size="small"
                    danger
                    onClick={() => {
                      form.resetFields();
                      setRejecting(a);
                    }}
                    data-testid={`apply-reject-${a.id}`}
                  >
                    {t('apply.reject')}
                  </Button>
                </Space>
              ),
          },
        ]}
      />
      <Modal
        open={rejecting !== null}
        title={t('apply.rejectTitle', { name: rejecting?.nickname || rejecting?.phone || '' })}
        okText={t('apply.reject')}
        okButtonProps={{ danger: true }}
        cancelText={t('common:action.cancel')}
        confirmLoading={audit.isPending}
        onCancel={() => setRejecting(null)}
        onOk={() =>
          void form.validateFields().then(
            (v) => rejecting && audit.mutate({ id: rejecting.id, pass: 0, reason: v.reason.trim() }),
            () => undefined,
          )
        }
      >
        <Form form={form} layout="vertical">
          <Form.Item
            name="reason"
            label={t('apply.reason')}
            rules={[{ required: true, whitespace: true, message: t('apply.reasonRequired') }, { max: 200 }]}
          >
            <Input.TextArea rows={3} maxLength={200} showCount data-testid="apply-reason" />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
