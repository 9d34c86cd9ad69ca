import { useState } from 'react';
import { App, Button, Popconfirm, Tag } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type MemberRole, type Range } from '@vitrine/contract';
import { api } from '../../api/routes';
import { call } from '../../api/client';
import { TreeDialog } from '../../components/TreeDialog';
import { rangeSummary } from './rangeText';
import { useErrorToast } from './shared';
import { keys } from '../../api/keys';

/** A role entry's data range: areas and shops chosen with the spec §2 tree dialog, or the whole enterprise. */
export function RangeCell({ entry, disabled = false }: { entry: MemberRole; disabled?: boolean }) {
  const { t } = useTranslation(['enterprise', 'common']);
  const { message } = App.useApp();
  const qc = useQueryClient();
  const onError = useErrorToast();
  const [open, setOpen] = useState(false);
  const s = rangeSummary(entry.range);
  const save = useMutation({
    mutationFn: (range: Range | null) => call(api.role.setDataRange, { id: entry.entryId, range }),
    onSuccess: () => {
      setOpen(false);
      void qc.invalidateQueries({ queryKey: keys.company.allAccounts });
      void message.success(t('range.saved'));
    },
    onError,
  });

  return (
    <>
      <Tag color={entry.range === null ? 'cyan' : 'default'} data-testid={`range-${entry.entryId}`}>
        {t(s.key, s.values)}
      </Tag>
      {disabled ? null : (
        <>
          <Button
            type="link"
            size="small"
            style={{ padding: 0 }}
            onClick={() => setOpen(true)}
            data-testid={`range-edit-${entry.entryId}`}
          >
            {t('range.edit')}
          </Button>
          {entry.range === null ? null : (
            <Popconfirm
              title={t('range.wholeConfirm')}
              okText={t('common:action.ok')}
              cancelText={t('common:action.cancel')}
              onConfirm={() => save.mutate(null)}
            >
              <Button type="link" size="small" style={{ padding: 0 }}>
                {t('range.whole')}
              </Button>
            </Popconfirm>
          )}
          <TreeDialog
            open={open}
            mode="shops"
            title={t('range.title', { dept: entry.deptName, job: entry.jobName })}
            value={entry.range ?? undefined}
            onOk={(range) => save.mutate(range)}
            onCancel={() => setOpen(false)}
          />
        </>
      )}
    </>
  );
}
