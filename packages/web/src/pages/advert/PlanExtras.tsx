import { useState } from 'react';
import { App, Button } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/routes';
import { ApiError, call } from '../../api/client';
import { keys } from '../../api/keys';
import type { PlanRow } from './rows';

/** An enabled plan's own buttons: make it (or no longer) the default plan, and see its screens. */
export function PlanExtras({
  row,
  canPublish,
  onDevices,
}: {
  row: PlanRow;
  canPublish: boolean;
  onDevices: (row: PlanRow) => void;
}) {
  const { t } = useTranslation('advert');
  const { message } = App.useApp();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const toggleDefault = async () => {
    setBusy(true);
    try {
      await call(api['ad-plan'].default, { id: row.id, isDefault: row.isDefault ? 0 : 1 });
      void message.success(t(row.isDefault ? 'done.undefault' : 'done.default'));
      await client.invalidateQueries({ queryKey: keys.lifecycle.all('ad-plan') });
    } catch (err) {
      if (err instanceof ApiError && !err.handled) void message.error(err.message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button type="link" size="small" data-testid={`row-devices-${row.id}`} onClick={() => onDevices(row)}>
        {t('action.devices')}
      </Button>
      {canPublish ? (
        <Button
          type="link"
          size="small"
          loading={busy}
          data-testid={`row-default-${row.id}`}
          onClick={() => void toggleDefault()}
        >
          {t(row.isDefault ? 'action.unsetDefault' : 'action.setDefault')}
        </Button>
      ) : null}
    </>
  );
}
