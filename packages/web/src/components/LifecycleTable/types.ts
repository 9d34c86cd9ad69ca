import type { ComponentType, ReactNode } from 'react';
import type { CallRoute, LifecycleFields } from '@vitrine/contract';
import type { I18nKey, ValueEnum } from '../../i18n/keys';
import type { LifecycleTab } from './actions';

/** The standard calls of one lifecycle entity (contract `lifecycleCalls`). */
export type LifecycleCalls = Record<
  | 'create'
  | 'get'
  | 'update'
  | 'copy'
  | 'myList'
  | 'apply'
  | 'applyList'
  | 'examine'
  | 'enableList'
  | 'setStatus'
  | 'delete'
  | 'recovery'
  | 'deleteOwn'
  | 'recoveryOwn'
  | 'history'
  | 'logs',
  CallRoute
>;

/** A record view: the lifecycle fields plus the entity's own (from the contract's item schema). */
export type LifecycleRow = LifecycleFields;

export type { EnumLabel, ValueEnum } from '../../i18n/keys';

/**
 * One column, declared (CONVENTIONS: declarative tables). `title` is an i18n key ("ns:key");
 * `valueEnum` maps values to their labels.
 */
export type ColumnSpec<Row> = {
  /** A field of the row: the contract's item schema (lifecycle, data and view fields). */
  key: keyof Row & string;
  title: I18nKey;
  kind?: 'text' | 'enum' | 'time' | 'date' | 'deviceStatus' | 'number';
  valueEnum?: ValueEnum;
  render?: (row: Row) => ReactNode;
  width?: number;
  /** Shown only on these tabs (default all). */
  tabs?: LifecycleTab[];
  /**
   * Read in the row's details (its expand), not scanned down a column (issue 25 §3: a table fits
   * 1280 px); the column settings can still show it as a column.
   */
  detail?: boolean;
};

export type FieldKind =
  'text' | 'textarea' | 'number' | 'select' | 'phone' | 'date' | 'region' | 'shop' | 'et' | 'custom';

/** The form's current values, for fields that depend on others. */
export type FormValues = Record<string, unknown>;

/** A widget of its own (kind `custom`): a controlled input the form item feeds, seeing the other values. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type FieldWidget = ComponentType<{ value?: any; onChange?: (value: any) => void; values: FormValues }>;

/**
 * One form field as an entity declares it: a data field of the contract (`region` stands for
 * province, city and district), its label (i18n key) and widget; select: value → i18n key or label;
 * `showIf`: asked only when the other values call for it (e.g. products for a product ad).
 */
export type FieldDecl<K extends string> = {
  name: K | 'region';
  label: I18nKey;
  kind: FieldKind;
  valueEnum?: ValueEnum;
  widget?: FieldWidget;
  showIf?: (values: FormValues) => boolean;
  help?: I18nKey;
};

/**
 * One form field of the create / edit drawer, as `formFields` makes it: what the form must ask
 * (required, bounds, the value type a select sends) comes from the contract's data schema.
 */
export type FieldSpec = FieldDecl<string> & {
  required: boolean;
  /** select: the value type sent (numbers for codes, strings for names). */
  numeric: boolean;
  min?: number;
  max?: number;
  /** Fixed value when the page already knows it (e.g. the shop of manage_details). */
  fixed?: string | number;
};

/** Everything the table needs to manage one entity. */
export type EntityConfig<Row extends LifecycleRow> = {
  entity:
    | 'shop'
    | 'et'
    | 'employee'
    | 'member'
    | 'device'
    | 'commodity'
    | 'ad-content'
    | 'ad-plan'
    | 'ai-pitch'
    | 'inform'
    | 'inform2'
    | 'incentive';
  calls: LifecycleCalls;
  /** The entity's name (i18n key). */
  label: I18nKey;
  /**
   * Calls and words that replace the standard online / offline (ad plans: throw and revoke;
   * notifications: send, and withdraw = set-status with `offlineBody`).
   */
  launch?: {
    online: CallRoute;
    offline: CallRoute;
    offlineBody?: Record<string, unknown>;
    words: { online: I18nKey; offline: I18nKey };
    done: { online: I18nKey; offline: I18nKey };
    /**
     * What launching will do, asked before it is done (issue 25 §4): the question (i18n key, with
     * `name`) and, when given, the count it reads (e.g. the screens a plan will start playing on).
     */
    confirm: { title: I18nKey; content: I18nKey; count?: (row: Row) => Promise<number> };
  };
  /** The record's display name (history, dialogs). */
  titleOf: (row: Row) => string;
  columns: ColumnSpec<Row>[];
  fields: FieldSpec[];
  /** Default values of a new record. */
  defaults?: Record<string, unknown>;
  /** Shown under the form, following its values (e.g. an ad content's live preview). */
  aside?: ComponentType<{ values: FormValues }>;
};
