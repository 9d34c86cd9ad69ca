import type { ReactNode } from 'react';
import { Table, type TableProps } from 'antd';
import { EmptyState } from '../EmptyState';
import { usePaged, type PagedSource, type PagedView } from './usePaged';

/** The antd Table props the console's lists use beside their columns. */
type Passthrough<T> = Pick<
  TableProps<T>,
  'columns' | 'rowKey' | 'expandable' | 'rowSelection' | 'onRow' | 'scroll' | 'size'
>;

export type PagedTableProps<T> = Passthrough<T> & {
  /** A source to page (key and call per page), or a list a caller already pages with usePaged. */
  source: PagedSource<{ list: readonly T[]; total: number }> | PagedView<T>;
  /** The empty state's title; antd's own "no data" when absent. */
  empty?: ReactNode;
  testId?: string;
};

/**
 * A server-paged list as a declaration: columns, a source and what to say when it is empty. The page,
 * its query, the loading state and the return to page 1 on a new filter are usePaged's.
 */
export function PagedTable<T extends object>(props: PagedTableProps<T>) {
  const { source } = props;
  return 'table' in source ? (
    <PagedTableView {...props} source={source} />
  ) : (
    <SourcedTable {...props} source={source} />
  );
}

function SourcedTable<T extends object>(
  props: PagedTableProps<T> & { source: PagedSource<{ list: readonly T[]; total: number }> },
) {
  return <PagedTableView {...props} source={usePaged(props.source)} />;
}

function PagedTableView<T extends object>({
  source,
  empty,
  testId,
  rowKey = 'id',
  ...rest
}: PagedTableProps<T> & { source: PagedView<T> }) {
  // nothing while the first page loads: the empty state never flashes before the rows
  const emptyText = source.query.isLoading ? ' ' : <EmptyState title={empty} compact={rest.size === 'small'} />;
  return (
    <Table<T>
      data-testid={testId}
      rowKey={rowKey}
      {...rest}
      {...source.table}
      locale={empty === undefined ? undefined : { emptyText }}
    />
  );
}
