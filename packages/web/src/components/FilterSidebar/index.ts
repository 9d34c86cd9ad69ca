export { FilterSidebar, type FilterSidebarProps } from './FilterSidebar';
export { useUrlFilter } from './useUrlFilter';
export { useFilteredList } from './useFilteredList';
export {
  FILTER_GROUPS,
  filterFromParams,
  filterToParams,
  lastDays,
  pageFromParams,
  toQuery,
  type FilterGroup,
  type FilterObject,
} from './filterUrl';
export type { Option } from './groups';
