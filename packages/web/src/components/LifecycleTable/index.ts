export { LifecycleTable, type LifecycleTableProps } from './LifecycleTable';
export {
  allowedActions,
  hasBit,
  tabVisible,
  LIFECYCLE_TABS,
  ROW_ACTIONS,
  type LifecycleTab,
  type RowAction,
  type RowState,
} from './actions';
export { formatDate, formatTime, enumLabel } from './columns';
export type {
  ColumnSpec,
  EnumLabel,
  EntityConfig,
  FieldSpec,
  FormValues,
  LifecycleCalls,
  LifecycleRow,
  ValueEnum,
} from './types';
