export { PagedTable, type PagedTableProps } from './PagedTable';
export { usePaged, type PagedSource, type PagedView } from './usePaged';
