import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useInsightsFilters } from './use-insights-filters';

let set: ReturnType<typeof useInsightsFilters>['setFilters'];
function Page() {
  set = useInsightsFilters().setFilters;
  return null;
}

const setup = (url: string) => {
  const router = createMemoryRouter([{ path: '/insights', element: <Page /> }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  return () => Object.fromEntries(new URLSearchParams(router.state.location.search));
};

describe('useInsightsFilters', () => {
  it('keeps both of two changes made before the page renders again', () => {
    const search = setup('/insights?from=2026-01-01');
    act(() => {
      set({ category: '3' });
      set({ group: 'DO' });
    });
    expect(search()).toEqual({ from: '2026-01-01', category: '3', group: 'DO' });
  });

  it('removes a filter set to nothing and keeps the rest', () => {
    const search = setup('/insights?from=2026-01-01&group=DO');
    act(() => set({ group: '' }));
    expect(search()).toEqual({ from: '2026-01-01' });
  });
});
