import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ListUrlSpec } from './list-url';
import { useListParams } from './use-list-params';

const SPEC: ListUrlSpec<'name', 'name' | 'email', 'admins'> = {
  sortFields: ['name', 'email'],
  defaultSort: 'name',
  defaultField: 'name',
  filters: { admins: 'flag' },
  clearedFilters: [],
};

function List() {
  const list = useListParams(SPEC);
  return (
    <div>
      <input aria-label="search" value={list.text} onChange={(e) => list.setText(e.target.value)} />
      <button onClick={() => list.setPage(list.page + 1)}>next</button>
      <button onClick={() => list.setSort({ sort_by: 'email', sort_count: 2 })}>sort</button>
      <button onClick={() => list.setFilters({ admins: '1' })}>admins</button>
      <button onClick={list.clearSearch}>clear</button>
      <output data-testid="query">{JSON.stringify({ ...list.params, q: list.searchText, admins: list.filters.admins })}</output>
    </div>
  );
}

const setup = (url = '/users') => {
  const router = createMemoryRouter([{ path: '/users', element: <List /> }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  return { router, search: () => router.state.location.search, query: () => JSON.parse(screen.getByTestId('query').textContent!) };
};

describe('useListParams', () => {
  it('starts from the URL: a shared link shows the same list', () => {
    const { query } = setup('/users?q=anna&page=3&size=25&sort=email&order=asc&admins=1');
    expect(query()).toEqual({ count_show: 25, start_index: 50, sort_by: 'email', sort_count: 2, q: 'anna', admins: '1' });
    expect(screen.getByLabelText('search')).toHaveValue('anna');
  });

  it('reads a broken URL as the default list', () => {
    const { query } = setup('/users?page=-1&size=9999&sort=password&order=up&admins=maybe');
    expect(query()).toEqual({ count_show: 10, start_index: 0, sort_by: 'name', sort_count: 1, q: '', admins: '' });
  });

  it('pushes page, sort and filter changes (back returns to them), and each goes back to page 1 but the page itself', async () => {
    const { router, search } = setup();
    await userEvent.click(screen.getByRole('button', { name: 'next' }));
    expect(search()).toBe('?page=2');
    expect(router.state.historyAction).toBe('PUSH');
    await userEvent.click(screen.getByRole('button', { name: 'sort' }));
    expect(search()).toBe('?sort=email&order=asc');
    await userEvent.click(screen.getByRole('button', { name: 'next' }));
    await userEvent.click(screen.getByRole('button', { name: 'admins' }));
    expect(search()).toBe('?sort=email&order=asc&admins=1');
    await act(() => router.navigate(-1));
    expect(search()).toBe('?sort=email&order=asc&page=2');
  });

  it('writes the search text once typing pauses, replacing the entry, and shows a text the URL brings back', async () => {
    const { router, search, query } = setup('/users?page=2');
    await userEvent.type(screen.getByLabelText('search'), ' lamp ');
    // The box has every key at once; the query waits for the pause.
    expect(screen.getByLabelText('search')).toHaveValue(' lamp ');
    await waitFor(() => expect(search()).toBe('?q=lamp'));
    expect(router.state.historyAction).toBe('REPLACE');
    await waitFor(() => expect(query().q).toBe('lamp'));
    expect(screen.getByLabelText('search')).toHaveValue(' lamp ');

    await act(() => router.navigate('/users?q=shelf'));
    expect(screen.getByLabelText('search')).toHaveValue('shelf');
    await userEvent.click(screen.getByRole('button', { name: 'clear' }));
    expect(search()).toBe('');
    expect(screen.getByLabelText('search')).toHaveValue('');
  });
});

describe('useListParams when a row is opened while the search is still pending', () => {
  it('opens the row at its own address and leaves the list entry alone: the pending search is not written onto the next page', async () => {
    let loaded!: () => void;
    const sheet = new Promise<void>((resolve) => (loaded = resolve));
    const router = createMemoryRouter(
      [
        { path: '/users', element: <List /> },
        { path: '/users/:id', lazy: async () => (await sheet, { Component: () => <p>sheet</p> }) },
      ],
      { initialEntries: ['/users'] },
    );
    render(<RouterProvider router={router} />);
    await userEvent.type(screen.getByLabelText('search'), 'lamp');
    // The page's code is still on its way when the debounce runs out.
    act(() => void router.navigate('/users/7'));
    await act(() => new Promise((r) => setTimeout(r, 700)));
    await act(async () => loaded());
    await screen.findByText('sheet');
    await act(() => new Promise((r) => setTimeout(r, 700)));
    expect(router.state.location.pathname + router.state.location.search).toBe('/users/7');
  });
});
