import { useState } from 'react';
import { App, type ButtonProps } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CONTENT_STATUS, ONLINE_STATUS } from '@vitrine/contract';
import { call } from '../../api/client';
import { keys } from '../../api/keys';
import { useErrorToast } from '../ErrorToast';
import { oneOf, translate } from '../../i18n/keys';
import type { RowAction } from './actions';
import type { EntityConfig, LifecycleRow } from './types';

/** Actions that ask first: they remove something from view, or cannot be taken back unseen (approve, launch). */
const CONFIRM = ['delete', 'deleteOwn', 'offline', 'pass', 'online'] as const satisfies RowAction[];
const DANGER: RowAction[] = ['delete', 'deleteOwn'];

/** Runs a row action against the entity's calls, refreshes its lists, opens the right dialog. */
export function useRowActions<Row extends LifecycleRow>(config: EntityConfig<Row>) {
  const { t } = useTranslation('lifecycle');
  const { message, modal } = App.useApp();
  const client = useQueryClient();
  const showError = useErrorToast();
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
      let selfApproved = false;
      switch (action) {
        case 'submit': {
          // nobody else may review it: the server approved it at once (lifecycle/policy.ts)
          const item = (await call(calls.apply, { id })) as { status?: number };
          selfApproved = item.status === CONTENT_STATUS.approved;
          break;
        }
        case 'copy':
          await call(calls.copy, { id });
          break;
        case 'deleteOwn':
          await call(calls.deleteOwn, { id });
          break;
        case 'recoveryOwn':
          await call(calls.recoveryOwn, { id });
          break;
        case 'delete':
          await call(calls.delete, { id });
          break;
        case 'recovery':
          await call(calls.recovery, { id });
          break;
        case 'pass':
          await call(calls.examine, { id, pass: 1 });
          break;
        case 'reject':
          await call(calls.examine, { id, pass: 0, reason });
          break;
        case 'online':
          await (config.launch
            ? call(config.launch.online, { id })
            : call(calls.setStatus, { id, status: ONLINE_STATUS.online }));
          break;
        case 'offline':
          await (config.launch
            ? call(config.launch.offline, { id, ...config.launch.offlineBody })
            : call(calls.setStatus, { id, status: ONLINE_STATUS.offline }));
          break;
        default:
          return;
      }
      void message.success(
        config.launch && (action === 'online' || action === 'offline')
          ? translate(t, config.launch.done[action])
          : t(selfApproved ? 'done.submitSelf' : `done.${action}`),
      );
      setRejecting(null);
      await refresh();
    } catch (err) {
      showError(err);
    } finally {
      setBusy(null);
    }
  };

  const run = (action: RowAction, row: Row) => {
    if (action === 'edit') return setEditing({ row });
    if (action === 'reject') return setRejecting(row);
    if (action === 'history') return setHistory(row);
    if (action === 'logs') return setLogs(row);
    const asked = oneOf(CONFIRM, action);
    if (asked) return void ask(asked, row);
    void send(action, row);
  };

  /** The question before an action; a launch says what it will do ("32 screens will start playing"). */
  const ask = async (action: (typeof CONFIRM)[number], row: Row) => {
    const name = config.titleOf(row);
    const launch = action === 'online' ? config.launch?.confirm : undefined;
    let count: number | undefined;
    if (launch?.count) {
      setBusy(`${action}:${row.id}`);
      count = await launch.count(row).catch(() => undefined);
      setBusy(null);
    }
    void modal.confirm({
      title: launch ? translate(t, launch.title, { name }) : t(`confirm.${action}`, { name }),
      content: launch
        ? count !== undefined || !launch.count
          ? translate(t, launch.content, { count })
          : undefined
        : t(`confirm.${action}Help`, { defaultValue: '' }) || undefined,
      okText: action === 'online' && config.launch ? translate(t, config.launch.words.online) : t(`action.${action}`),
      okButtonProps: { danger: DANGER.includes(action), 'data-testid': 'confirm-ok' } as ButtonProps,
      onOk: () => send(action, row),
    });
  };

  return {
    run,
    send,
    busy,
    refresh,
    editing,
    openCreate: () => setEditing({ row: null }),
    closeEdit: () => setEditing(null),
    rejecting,
    closeReject: () => setRejecting(null),
    history,
    closeHistory: () => setHistory(null),
    logs,
    closeLogs: () => setLogs(null),
  };
}
