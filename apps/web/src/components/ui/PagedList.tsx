import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';

/** What the list needs of a `useInfiniteQuery` result. */
export interface PagedQuery {
  isSuccess: boolean;
  /** The last read failed (no answer, or one the app cannot read): said, with a way to ask again. */
  isError: boolean;
  isFetching: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  refetch: () => unknown;
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
  const { t } = useTranslation();
  return (
    <>
      {query.isError && !query.isFetching ? (
        <div role="alert" className="flex flex-col items-center gap-8 py-24 text-center text-sm text-muted">
          <p>{t('common.loadFailed')}</p>
          <Button variant="outline" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : null}
      {query.isSuccess && items.length === 0 ? (
        <p className="py-32 text-center text-sm text-muted">{empty}</p>
      ) : null}
      <ul aria-label={label} aria-busy={query.isFetching}>
        {items.map((item) => (
          // Rows render their own <li>.
          <Fragment key={itemKey(item)}>{renderItem(item)}</Fragment>
        ))}
      </ul>
      {query.isError ? null : query.hasNextPage ? (
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
