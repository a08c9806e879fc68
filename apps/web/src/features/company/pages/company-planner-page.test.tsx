import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Endpoint, PlannerSurface } from '@promo/shared';
import i18n, { i18nReady } from '@/lib/i18n';
import { submit } from '@/lib/offline-queue';
import { isUnusualAmount } from '../components/unusual-amounts';
import CompanyPlannerPage from './company-planner-page';

beforeAll(() => i18nReady);

const surface = (id: number, name: string): PlannerSurface => ({
  id,
  name,
  vendor_code: 100_000 + id,
  type_surface: 'Plakat',
  size_surface: '50x70',
  description: '',
  url_images: null,
  locked: false,
});

// The station's planner as the server lists it: Plakat A1 at 10, Wobbler at 0.
vi.mock('@/lib/api-client', async (original) => ({
  ...(await original<typeof import('@/lib/api-client')>()),
  call: vi.fn(async (endpoint: Endpoint) => {
    if (endpoint.path === '/company_api/company-planner') {
      return { data: { surfaces: [surface(1, 'Plakat A1'), surface(2, 'Wobbler')], total: 2, userSurfacesData: { 1: 10, 2: 0 } } };
    }
    throw new Error(`unexpected call ${endpoint.path}`);
  }),
}));
// What the page hands to the offline queue is what is checked; the queue has tests of its own (e2e).
vi.mock('@/lib/offline-queue', () => ({
  submit: vi.fn(async (action: { request: { fields: Record<string, string> } }) => ({
    sent: true,
    answer: { status: 'success', message: 'The amount was saved', message_key: 'amount_saved', data: { surface_id: Number(action.request.fields.surface_id), amount: Number(action.request.fields.amount), changed: true } },
  })),
  useQueuedActions: () => [],
  onActionSent: () => () => {},
}));
let phone = false;
vi.mock('@/lib/use-media-query', () => ({ usePhone: () => phone, useMediaQuery: () => false }));
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

function renderPlanner() {
  const router = createMemoryRouter([{ path: '/company-planner', element: <CompanyPlannerPage /> }], { initialEntries: ['/company-planner'] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const sentAmounts = () => vi.mocked(submit).mock.calls.map(([a]) => a.request.fields);

beforeEach(() => i18n.changeLanguage('no'));
afterEach(() => {
  vi.mocked(submit).mockClear();
  phone = false;
});

describe('the planner asks before saving an amount far above the last saved one', { timeout: 20_000 }, () => {
  it('on a desk: 1 000 000 where 10 was saved asks "Er du sikker?" with both numbers; no saves nothing, yes saves it', async () => {
    const user = userEvent.setup();
    phone = false;
    renderPlanner();
    const field = await screen.findByRole('textbox', { name: 'Antall for Plakat A1' });
    await user.clear(field);
    await user.paste('1000000');
    await user.click(screen.getByRole('button', { name: 'Lagre antall for Plakat A1' }));

    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Er du sikker?')).toBeInTheDocument();
    expect(within(dialog).getByTestId('unusual-amounts')).toHaveTextContent(/^Plakat A1: 1\s000\s000 \(sist lagret: 10\)$/);
    expect(submit).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Avbryt' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(submit).not.toHaveBeenCalled();
    expect(field).toHaveValue('1000000');

    await user.click(screen.getByRole('button', { name: 'Lagre antall for Plakat A1' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Ja, lagre' }));
    await vi.waitFor(() => expect(sentAmounts()).toEqual([{ surface_id: '1', amount: '1000000' }]));
  });

  it('an ordinary change saves at once: 10 → 99 is less than 100 more', async () => {
    const user = userEvent.setup();
    renderPlanner();
    const field = await screen.findByRole('textbox', { name: 'Antall for Plakat A1' });
    await user.clear(field);
    await user.paste('99');
    await user.click(screen.getByRole('button', { name: 'Lagre antall for Plakat A1' }));
    await vi.waitFor(() => expect(sentAmounts()).toEqual([{ surface_id: '1', amount: '99' }]));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('on a phone the save bar asks once for the unusual cards only, in English too, and then saves every changed card', async () => {
    await i18n.changeLanguage('en');
    const user = userEvent.setup();
    phone = true;
    renderPlanner();
    const a1 = await screen.findByRole('textbox', { name: 'Amount of Plakat A1' });
    await user.clear(a1);
    await user.paste('12');
    const wobbler = screen.getByRole('textbox', { name: 'Amount of Wobbler' });
    await user.clear(wobbler);
    await user.paste('250');
    await user.click(within(screen.getByTestId('planner-save-bar')).getByRole('button'));

    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Are you sure?')).toBeInTheDocument();
    expect(within(dialog).getByTestId('unusual-amounts')).toHaveTextContent(/^Wobbler: 250 \(last saved: 0\)$/);
    expect(submit).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Yes, save' }));
    await vi.waitFor(() =>
      expect(sentAmounts()).toEqual([
        { surface_id: '1', amount: '12' },
        { surface_id: '2', amount: '250' },
      ]),
    );
  });
});

describe('isUnusualAmount: more than 10 times the last saved amount and at least 100 above it', () => {
  it.each([
    [0, 99, false],
    [0, 100, true],
    [1, 100, false],
    [1, 101, true],
    [10, 109, false],
    [10, 110, true],
    [12, 121, true],
    [20, 200, false],
    [20, 201, true],
    [500, 5000, false],
    [500, 5001, true],
    [10, 1_000_000, true],
    [10, 5, false],
  ])('%i → %i: %s', (last, amount, asks) => expect(isUnusualAmount(amount, last)).toBe(asks));
});
