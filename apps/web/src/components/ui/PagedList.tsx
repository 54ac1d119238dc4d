import { Fragment, type ReactNode } from 'react';
import { Button } from './Button';

/** What the list needs of a `useInfiniteQuery` result. */
export interface PagedQuery {
  isSuccess: boolean;
  isFetching: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/**
 * A list read page by page (TanStack's `useInfiniteQuery`): the empty text once the first answer has nothing,
 * the rows, then "load more" while the server has another page, or the end line under a list that has rows.
 * `items` are the rows to show (the caller may flatten and filter the pages); texts come translated.
 */
export function PagedList<T>({
  query,
  items,
  itemKey,
  renderItem,
  label,
  empty,
  loadMore,
  end,
}: {
  query: PagedQuery;
  items: readonly T[];
  itemKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  /** The list's accessible name. */
  label: string;
  empty: string;
  loadMore: string;
  end: string;
}) {
  return (
    <>
      {query.isSuccess && items.length === 0 ? (
        <p className="py-32 text-center text-sm text-muted">{empty}</p>
      ) : null}
      <ul aria-label={label} aria-busy={query.isFetching}>
        {items.map((item) => (
          // Rows render their own <li>.
          <Fragment key={itemKey(item)}>{renderItem(item)}</Fragment>
        ))}
      </ul>
      {query.hasNextPage ? (
        <Button
          variant="outline"
          onClick={() => void query.fetchNextPage()}
          disabled={query.isFetchingNextPage}
          className="w-full"
        >
          {loadMore}
        </Button>
      ) : items.length > 0 ? (
        <p className="text-center text-xs text-muted">{end}</p>
      ) : null}
    </>
  );
}
