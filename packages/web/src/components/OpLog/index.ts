export { ChangeTable } from './ChangeTable';
export { fieldChanges, formatValue, objectText, type FieldChange } from './changes';
export { VerbTag, isSelfApproved } from './VerbTag';
