export { TreeDialog, type TreeDialogMode, type TreeDialogProps, type TreePicked } from './TreeDialog';
export { buildRange, emptyRange, isEmptyRange, levelOf, rangeIds, toRange } from './ranges';
