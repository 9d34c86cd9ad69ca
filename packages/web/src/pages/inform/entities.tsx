import { Button, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { api as contract, ONLINE_STATUS, type InformEntity } from '@vitrine/contract';
import { api } from '../../api/routes';
import type { ColumnSpec, EntityConfig, LifecycleRow } from '../../components/LifecycleTable';
import type { FieldDecl } from '../../components/LifecycleTable/types';
import { formFields } from '../../components/LifecycleTable/formFields';
import { formatTime } from '../../components/LifecycleTable/columns';
import { ShopTargetsField } from '../advert/widgets/TargetsField';
import type { InformFile } from './Attachments';
import { FileIcon } from './FileIcon';
import { AttachmentsField, DeadlineField, ROLE_ENUM, RolesField } from './fields';
import { RichTextField } from './RichText';
import { enumLabel } from '../../i18n/keys';
import { PRIORITY_WORDS } from './PriorityTag';

// The declarative tables of /inform: notifications (with a confirmation deadline) and announcements.

export type InformRow = LifecycleRow & {
  title: string;
  body: string;
  attachments: number[];
  priority: number;
  roles: number[];
  deadline?: number | null;
  targets: { p: string[]; c: string[]; a: string[]; s: (string | number)[] };
  files: InformFile[];
  sentAt: number | null;
  recipients: number;
  done: number;
};

function Progressed({
  row,
  entity,
  onReceipts,
}: {
  row: InformRow;
  entity: InformEntity;
  onReceipts: (row: InformRow) => void;
}) {
  const { t } = useTranslation('inform');
  if (!row.sentAt) return <Tag>{t('state.notSent')}</Tag>;
  return (
    <Button
      type="link"
      size="small"
      style={{ padding: 0 }}
      data-testid={`receipts-${row.id}`}
      onClick={() => onReceipts(row)}
    >
      {t(entity === 'inform' ? 'receipts.confirmedOf' : 'receipts.readOf', { done: row.done, total: row.recipients })}
    </Button>
  );
}

function Roles({ roles }: { roles: number[] }) {
  const { t } = useTranslation('inform');
  return <>{roles.map((r) => enumLabel(t, ROLE_ENUM, r)).join('、')}</>;
}

const HEAD: FieldDecl<'title' | 'body' | 'attachments' | 'priority'>[] = [
  { name: 'title', label: 'inform:field.title', kind: 'text' },
  { name: 'body', label: 'inform:field.body', kind: 'custom', widget: RichTextField },
  { name: 'attachments', label: 'inform:field.attachments', kind: 'custom', widget: AttachmentsField },
  { name: 'priority', label: 'inform:field.priority', kind: 'select', valueEnum: PRIORITY_WORDS },
];
const TAIL: FieldDecl<'targets' | 'roles'>[] = [
  {
    name: 'targets',
    label: 'inform:field.targets',
    kind: 'custom',
    widget: ShopTargetsField,
    help: 'inform:help.targets',
  },
  { name: 'roles', label: 'inform:field.roles', kind: 'custom', widget: RolesField },
];

export function informConfig(entity: InformEntity, onReceipts: (row: InformRow) => void): EntityConfig<InformRow> {
  const calls = api[entity];
  return {
    entity,
    label: `inform:entity.${entity}`,
    calls,
    launch: {
      online: calls.send,
      offline: calls.setStatus,
      offlineBody: { status: ONLINE_STATUS.offline },
      words: { online: 'inform:action.send', offline: 'inform:action.withdraw' },
      done: { online: 'inform:done.sent', offline: 'inform:done.withdrawn' },
      confirm: { title: 'inform:confirm.send', content: 'inform:confirm.sendHelp' },
    },
    titleOf: (r) => r.title,
    columns: [
      { key: 'title', title: 'inform:field.title' },
      { key: 'priority', title: 'inform:field.priority', kind: 'enum', valueEnum: PRIORITY_WORDS, width: 90 },
      { key: 'roles', title: 'inform:field.roles', render: (r) => <Roles roles={r.roles} />, detail: true },
      {
        key: 'files',
        title: 'inform:field.attachments',
        width: 90,
        render: (r) =>
          r.files.length ? (
            <>
              {r.files.slice(0, 3).map((f) => (
                <FileIcon key={f.id} type={f.type} />
              ))}
              {r.files.length > 3 ? ` +${r.files.length - 3}` : ''}
            </>
          ) : (
            '—'
          ),
      },
      ...(entity === 'inform'
        ? [
            {
              key: 'deadline',
              title: 'inform:field.deadline',
              render: (r: InformRow) => (r.deadline ? formatTime(r.deadline) : '—'),
            } satisfies ColumnSpec<InformRow>,
          ]
        : []),
      {
        key: 'sentAt',
        title: 'inform:field.receipts',
        tabs: ['enabled'],
        render: (r) => <Progressed row={r} entity={entity} onReceipts={onReceipts} />,
      },
    ],
    fields:
      entity === 'inform'
        ? formFields(contract.inform.create.body, [
            ...HEAD,
            {
              name: 'deadline',
              label: 'inform:field.deadline',
              kind: 'custom',
              widget: DeadlineField,
              help: 'inform:help.deadline',
            },
            ...TAIL,
          ])
        : formFields(contract.inform2.create.body, [...HEAD, ...TAIL]),
    defaults: { priority: 1, roles: [1, 2] },
  };
}
