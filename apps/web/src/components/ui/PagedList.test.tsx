import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { queryClient } from '../../lib/query';
import { PagedList } from './PagedList';

/** A server holding `total` numbered rows, answering pages of 2 (the outside party of this test). */
function pagesOf(total: number) {
  const asked: number[] = [];
  const fetchPage = async (page: number) => {
    asked.push(page);
    const rows = Array.from({ length: total }, (_, i) => `linha ${i + 1}`);
    return { rows: rows.slice((page - 1) * 2, page * 2), total };
  };
  return { asked, fetchPage };
}

function Harness({ server }: { server: ReturnType<typeof pagesOf> }) {
  const query = useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: ['pagedListTest'],
      queryFn: ({ pageParam }) => server.fetchPage(pageParam),
      initialPageParam: 1,
      getNextPageParam: (last, pages) =>
        pages.reduce((n, p) => n + p.rows.length, 0) < last.total ? pages.length + 1 : undefined,
    }),
    queryClient,
  );
  return (
    <PagedList
      query={query}
      items={(query.data?.pages ?? []).flatMap((p) => p.rows)}
      itemKey={(row) => row}
      renderItem={(row) => <li>{row}</li>}
      label="Linhas"
      empty="Nada aqui"
      loadMore="Carregar mais"
      end="Fim"
    />
  );
}

describe('paged list', () => {
  it('shows rows page by page with "load more", then the end line', async () => {
    const server = pagesOf(3);
    render(<Harness server={server} />);
    const list = screen.getByRole('list', { name: 'Linhas' });
    expect(await within(list).findAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByText('Fim')).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Carregar mais' }));
    expect(await within(list).findByText('linha 3')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).not.toBeInTheDocument();
    expect(screen.getByText('Fim')).toBeInTheDocument();
    expect(server.asked).toEqual([1, 2]);
  });

  it('says so when the first answer is empty, with no end line', async () => {
    render(<Harness server={pagesOf(0)} />);
    expect(await screen.findByText('Nada aqui')).toBeInTheDocument();
    expect(screen.queryByText('Fim')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).not.toBeInTheDocument();
  });
});
