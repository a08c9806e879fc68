import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi, beforeAll } from 'vitest';
import type { PromotionRow } from '@promo/shared';
import i18n, { i18nReady } from '@/lib/i18n';
import { PromotionForm } from './promotion-form';

// userEvent types each date and name a key at a time through the whole form: about 5 s on two busy cores.
vi.setConfig({ testTimeout: 20_000 });

// Both languages loaded before the first render.
beforeAll(() => i18nReady);

beforeEach(() => void i18n.changeLanguage('no'));
// Radix's switch measures itself; jsdom has no ResizeObserver.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

/** The form guards leaving while changed (useBlocker), which needs a data router around it. */
function InDataRouter({ children }: { children: ReactNode }) {
  const [router] = useState(() => createMemoryRouter([{ path: '*', element: children }]));
  return <RouterProvider router={router} />;
}

function withQueries({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, queryFn: () => [] } } });
  client.setQueryData(['promotions', 'managers'], []);
  return (
    <QueryClientProvider client={client}>
      <InDataRouter>{children}</InDataRouter>
    </QueryClientProvider>
  );
}

vi.mock('@/lib/api-client', async (original) => ({
  ...(await original<typeof import('@/lib/api-client')>()),
  call: vi.fn(() => new Promise(() => {})),
}));

const stored = {
  id: 3,
  name: 'Julekampanje',
  description: '',
  img_url: null,
  url_images: null,
  status: 0,
  show_in_user_promotions: false,
  period: { from: '2027-12-01', to: '2027-12-24' },
  created_at: '2027-11-01T00:00:00.000Z',
  notify_admin: null,
  manager_id: 7,
  who_created_id: 1,
  who_created: { id: 1, name: 'Ingrid' },
  sent_to_printers_at: null,
  deadline: null,
} satisfies PromotionRow;

describe('PromotionForm', () => {
  it("shows an existing promotion's responsible manager once the managers have loaded after the form", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <InDataRouter>
          <PromotionForm promotion={stored} editable saving={false} onSave={vi.fn()} serverErrors={null} />
        </InDataRouter>
      </QueryClientProvider>,
    );
    act(() => client.setQueryData(['promotions', 'managers'], [{ id: 5, name: 'Marte', surname: 'K' }, { id: 7, name: 'Lars', surname: 'K' }]));
    await waitFor(() => expect(screen.getByLabelText('Ansvarlig kategorisjef')).toHaveValue('7'));
  });

  it('refuses a day that does not exist, typed as the interface writes dates', async () => {
    const onSave = vi.fn();
    render(<PromotionForm promotion={undefined} editable saving={false} onSave={onSave} serverErrors={null} />, { wrapper: withQueries });
    await userEvent.type(screen.getByLabelText('Navn'), 'Vårkampanje');
    await userEvent.type(screen.getByLabelText('Fra'), '30.02.2027');
    await userEvent.type(screen.getByLabelText('Til'), '31.03.20270');
    await userEvent.click(screen.getByRole('button', { name: 'Lagre' }));
    expect(await screen.findAllByText('Perioden trenger to gyldige datoer')).toHaveLength(2);
    expect(onSave).not.toHaveBeenCalled();
  });

  it("sends the days as typed in dd.mm.yyyy, not instants of the browser's time zone", async () => {
    const onSave = vi.fn();
    render(<PromotionForm promotion={undefined} editable saving={false} onSave={onSave} serverErrors={null} />, { wrapper: withQueries });
    expect(screen.getByLabelText('Fra')).toHaveAttribute('placeholder', 'dd.mm.åååå');
    await userEvent.type(screen.getByLabelText('Navn'), 'Vårkampanje');
    await userEvent.type(screen.getByLabelText('Fra'), '29.2.2028');
    await userEvent.type(screen.getByLabelText('Til'), '31.03.2028');
    await userEvent.tab();
    // Written out as the interface writes dates once the field is left.
    expect(screen.getByLabelText('Fra')).toHaveValue('29.02.2028');
    await userEvent.click(screen.getByRole('button', { name: 'Lagre' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledOnce());
    expect(onSave.mock.calls[0]![0]).toMatchObject({ period_from: '2028-02-29', period_to: '2028-03-31' });
  });

  it("shows a stored period's days in the interface's language", async () => {
    render(<PromotionForm promotion={stored} editable saving={false} onSave={vi.fn()} serverErrors={null} />, { wrapper: withQueries });
    expect(screen.getByLabelText('Fra')).toHaveValue('01.12.2027');
    expect(screen.getByLabelText('Til')).toHaveValue('24.12.2027');
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByLabelText('From')).toHaveValue('01/12/2027');
    expect(screen.getByLabelText('From')).toHaveAttribute('placeholder', 'dd/mm/yyyy');
  });

  it('picks a day in its own calendar with the keyboard, with month and day names in Norwegian', async () => {
    const onSave = vi.fn();
    render(<PromotionForm promotion={stored} editable saving={false} onSave={onSave} serverErrors={null} />, { wrapper: withQueries });
    await userEvent.click(screen.getByRole('button', { name: 'Velg dato i kalenderen: Til' }));
    // The chosen day has the focus; the arrow moves a day on and Enter takes it.
    // The calendar is a lazy chunk: its first load can take more than the default second, and seconds on two busy cores.
    const chosen = await screen.findByRole('button', { name: /fredag 24\. desember 2027/ }, { timeout: 15_000 });
    // The popover takes the focus as it opens and the calendar, once its chunk has run, moves it on.
    await waitFor(() => expect(chosen).toHaveFocus());
    expect(screen.getByRole('grid', { name: 'desember 2027' })).toBeInTheDocument();
    await userEvent.keyboard('{ArrowRight}{Enter}');
    expect(screen.getByLabelText('Til')).toHaveValue('25.12.2027');
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Lagre' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledOnce());
    expect(onSave.mock.calls[0]![0]).toMatchObject({ period_from: '2027-12-01', period_to: '2027-12-25' });
  });
});
