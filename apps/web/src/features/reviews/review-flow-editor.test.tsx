import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AxiosError, type AxiosResponse } from 'axios';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { reviews, type Endpoint, type ReviewFlowData } from '@promo/shared';
import i18n, { i18nReady } from '@/lib/i18n';
import { call } from '@/lib/api-client';
import { ReviewFlowEditor } from './review-flow-editor';

// userEvent types a key at a time on two busy cores.
vi.setConfig({ testTimeout: 20_000 });
beforeAll(() => i18nReady);
beforeEach(() => void i18n.changeLanguage('no'));
// Radix's checkbox measures itself; jsdom has no ResizeObserver.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

let flow: ReviewFlowData;
let saveAnswer: () => Promise<unknown>;

vi.mock('@/lib/api-client', async (original) => ({
  ...(await original<typeof import('@/lib/api-client')>()),
  call: vi.fn(async (endpoint: Endpoint) => {
    if (endpoint.method === 'GET') return { status: 'success', message: '', data: { flow } };
    return saveAnswer();
  }),
}));

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{children}</QueryClientProvider>
);

function storedFlow(canEdit = true): ReviewFlowData {
  return {
    promotion_id: 12,
    can_edit: canEdit,
    candidates: [
      { id: 3, name: 'Marte Holm', role: 'cm-admin' },
      { id: 4, name: 'Lars Berg', role: 'admin' },
    ],
    stages: [
      {
        id: 1,
        position: 1,
        name: 'Kategorisjef',
        rule: 'any',
        roles: ['category_manager'],
        users: [],
        due_milestone: 'designs_complete',
        due_offset_days: -7,
        due_on: '2027-10-25',
      },
      {
        id: 2,
        position: 2,
        name: 'Markedsleder',
        rule: 'all',
        roles: [],
        users: [{ id: 3, name: 'Marte Holm' }],
        due_milestone: 'designs_complete',
        due_offset_days: -3,
        due_on: '2027-10-29',
      },
    ],
  };
}

const stageNames = () => screen.getAllByTestId('review-stage').map((li) => within(li).getByRole('heading').textContent?.replace(/^\d+/, ''));
const saves = () => vi.mocked(call).mock.calls.filter(([endpoint]) => endpoint.method === 'PUT');

afterEach(() => vi.mocked(call).mockClear());

describe('ReviewFlowEditor', () => {
  beforeEach(() => {
    flow = storedFlow();
    saveAnswer = async () => ({ status: 'success', message: 'Saved', data: { flow } });
  });

  it('adds a stage, moves it up, removes another and sends the stages in their new order', async () => {
    const user = userEvent.setup();
    render(<ReviewFlowEditor promotionId={12} />, { wrapper });
    await screen.findByDisplayValue('Kategorisjef');
    expect(stageNames()).toEqual(['Kategorisjef', 'Markedsleder']);
    // Nothing changed: nothing to save.
    expect(screen.queryByRole('button', { name: 'Lagre' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Legg til trinn' }));
    const added = screen.getAllByTestId('review-stage')[2]!;
    await user.type(within(added).getByLabelText('Navn på trinnet'), 'Admin');
    await user.click(within(added).getByRole('checkbox', { name: 'Kategorisjefen for designets kategori' }));
    await user.click(within(added).getByRole('checkbox', { name: 'Administratorer' }));
    await user.selectOptions(within(added).getByRole('combobox', { name: 'Legg til en person …' }), 'Lars Berg (Administrator)');
    expect(within(added).getByTestId('stage-user')).toHaveTextContent('Lars Berg');
    await user.selectOptions(within(added).getByLabelText('Regel'), 'Alle må godkjenne');
    const offset = within(added).getByLabelText('Dager fra milepælen');
    await user.clear(offset);
    await user.type(offset, '-2x');
    expect(offset).toHaveValue('-2');

    await user.click(screen.getByRole('button', { name: 'Flytt opp: Admin' }));
    expect(stageNames()).toEqual(['Kategorisjef', 'Admin', 'Markedsleder']);
    await user.click(screen.getByRole('button', { name: 'Fjern trinnet: Kategorisjef' }));
    expect(stageNames()).toEqual(['Admin', 'Markedsleder']);
    // The first stage cannot move up, the last not down.
    expect(screen.getByRole('button', { name: 'Flytt opp: Admin' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Flytt ned: Markedsleder' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Lagre' }));
    await waitFor(() => expect(saves()).toHaveLength(1));
    const [endpoint, input] = saves()[0]!;
    expect(endpoint).toBe(reviews.saveFlow);
    expect(input).toEqual({
      body: {
        promotion_id: 12,
        stages: [
          { name: 'Admin', rule: 'all', roles: ['admin'], user_ids: [4], due_milestone: 'designs_complete', due_offset_days: -2 },
          { id: 2, name: 'Markedsleder', rule: 'all', roles: [], user_ids: [3], due_milestone: 'designs_complete', due_offset_days: -3 },
        ],
      },
    });
  });

  it('sends the default flow without a promotion', async () => {
    const user = userEvent.setup();
    flow = { ...storedFlow(), promotion_id: null, stages: storedFlow().stages.map((s) => ({ ...s, due_on: null })) };
    render(<ReviewFlowEditor promotionId={null} />, { wrapper });
    await screen.findByText('Standard godkjenningsflyt');
    await user.click(await screen.findByRole('button', { name: 'Flytt ned: Kategorisjef' }));
    await user.click(screen.getByRole('button', { name: 'Lagre' }));
    await waitFor(() => expect(saves()).toHaveLength(1));
    const [endpoint, input] = saves()[0]!;
    expect(endpoint).toBe(reviews.saveDefaultFlow);
    expect((input?.body as { stages: { id: number }[] }).stages.map((s) => s.id)).toEqual([2, 1]);
    expect(input?.body).not.toHaveProperty('promotion_id');
  });

  it('keeps a stage without a name or reviewers from being sent, and says so at the field', async () => {
    const user = userEvent.setup();
    render(<ReviewFlowEditor promotionId={12} />, { wrapper });
    await user.click(await screen.findByRole('button', { name: 'Legg til trinn' }));
    const added = screen.getAllByTestId('review-stage')[2]!;
    await user.click(within(added).getByRole('checkbox', { name: 'Kategorisjefen for designets kategori' }));
    await user.click(screen.getByRole('button', { name: 'Lagre' }));

    expect(within(added).getByText('Feltet må fylles ut')).toBeInTheDocument();
    expect(within(added).getByText('Trinnet trenger minst én godkjenner')).toBeInTheDocument();
    expect(within(added).getByLabelText('Navn på trinnet')).toHaveAttribute('aria-invalid', 'true');
    expect(saves()).toHaveLength(0);
  });

  it("shows the server's field errors at the stage they belong to, also after it moved", async () => {
    const user = userEvent.setup();
    saveAnswer = async () => {
      throw new AxiosError('Request failed with status code 422', 'ERR_BAD_REQUEST', undefined, undefined, {
        status: 422,
        data: { status: 'error', message: 'Validation failed', errors: { 'stages.1.user_ids': ['too_many_reviewers'] } },
      } as AxiosResponse);
    };
    render(<ReviewFlowEditor promotionId={12} />, { wrapper });
    const name = await screen.findByDisplayValue('Markedsleder');
    await user.type(name, ' 2');
    await user.click(screen.getByRole('button', { name: 'Lagre' }));

    const second = await screen.findByRole('listitem', { name: 'Markedsleder 2' });
    expect(await within(second).findByText('Et trinn kan ha høyst 50 navngitte godkjennere')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Flytt opp: Markedsleder 2' }));
    expect(within(screen.getAllByTestId('review-stage')[0]!).getByText('Et trinn kan ha høyst 50 navngitte godkjennere')).toBeInTheDocument();
  });

  it('only shows the flow to those who may not change it', async () => {
    flow = storedFlow(false);
    render(<ReviewFlowEditor promotionId={12} />, { wrapper });
    expect(await screen.findByText('Marte Holm', { exact: false })).toBeInTheDocument();
    expect(screen.getByText('7 dager før Design ferdige', { exact: false })).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Legg til trinn' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Flytt/ })).toBeNull();
  });
});
