import { useState } from 'react';
import { App } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ONLINE_STATUS } from '@vitrine/contract';
import { ApiError, call } from '../../api/client';
import { keys } from '../../api/keys';
import type { RowAction } from './actions';
import type { EntityConfig, LifecycleRow } from './types';

/** Actions that ask first (they remove something from view). */
const CONFIRM: RowAction[] = ['delete', 'deleteOwn', 'offline'];

/** Runs a row action against the entity's calls, refreshes its lists, opens the right dialog. */
export function useRowActions<Row extends LifecycleRow>(config: EntityConfig<Row>) {
  const { t } = useTranslation('lifecycle');
  const { message, modal } = App.useApp();
  const client = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ row: Row | null } | null>(null);
  const [rejecting, setRejecting] = useState<Row | null>(null);
  const [history, setHistory] = useState<Row | null>(null);
  const [logs, setLogs] = useState<Row | null>(null);
  const { calls } = config;

  const refresh = () => client.invalidateQueries({ queryKey: keys.lifecycle.all(config.entity) });

  const send = async (action: RowAction, row: Row, reason?: string) => {
    setBusy(`${action}:${row.id}`);
    try {
      const id = row.id;
      switch (action) {
        case 'submit': await call(calls.apply, { id }); break;
        case 'copy': await call(calls.copy, { id }); break;
        case 'deleteOwn': await call(calls.deleteOwn, { id }); break;
        case 'recoveryOwn': await call(calls.recoveryOwn, { id }); break;
        case 'delete': await call(calls.delete, { id }); break;
        case 'recovery': await call(calls.recovery, { id }); break;
        case 'pass': await call(calls.examine, { id, pass: 1 }); break;
        case 'reject': await call(calls.examine, { id, pass: 0, reason }); break;
        case 'online': await (config.launch ? call(config.launch.online, { id }) : call(calls.setStatus, { id, status: ONLINE_STATUS.online })); break;
        case 'offline': await (config.launch ? call(config.launch.offline, { id, ...config.launch.offlineBody }) : call(calls.setStatus, { id, status: ONLINE_STATUS.offline })); break;
        default: return;
      }
      const launched = config.launch && (action === 'online' || action === 'offline') ? config.launch.done[action] : null;
      void message.success(t(launched ?? `done.${action}`));
      setRejecting(null);
      await refresh();
    } catch (err) {
      if (err instanceof ApiError && !err.handled) void message.error(err.message);
    } finally {
      setBusy(null);
    }
  };

  const run = (action: RowAction, row: Row) => {
    if (action === 'edit') return setEditing({ row });
    if (action === 'reject') return setRejecting(row);
    if (action === 'history') return setHistory(row);
    if (action === 'logs') return setLogs(row);
    if (CONFIRM.includes(action)) {
      void modal.confirm({
        title: t(`confirm.${action}`, { name: config.titleOf(row) }),
        okButtonProps: { danger: action !== 'offline' },
        onOk: () => send(action, row),
      });
      return;
    }
    void send(action, row);
  };

  return {
    run, send, busy, refresh,
    editing, openCreate: () => setEditing({ row: null }), closeEdit: () => setEditing(null),
    rejecting, closeReject: () => setRejecting(null),
    history, closeHistory: () => setHistory(null),
    logs, closeLogs: () => setLogs(null),
  };
}
