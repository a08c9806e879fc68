import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { reviews, type Endpoint, type FilePin, type FileReview } from '@promo/shared';
import i18n, { i18nReady } from '@/lib/i18n';
import { call } from '@/lib/api-client';
import { DesignReviews } from './design-reviews';

vi.setConfig({ testTimeout: 20_000 });
beforeAll(() => i18nReady);
beforeEach(() => void i18n.changeLanguage('no'));
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// No socket in a unit test.
vi.mock('@/lib/realtime', () => ({ useRealtimeEvent: vi.fn(), useChatEvents: vi.fn() }));

let review: FileReview;
const pin = (id: number, message_id: number, number: number, status: FilePin['status'], text: string): FilePin => ({
  id,
  chat_id: 88,
  message_id,
  number,
  x: 0.5,
  y: 0.5,
  width: null,
  height: null,
  text,
  status,
  author_id: 1,
  author_name: 'Kari',
  resolved_by_name: null,
  resolved_at: null,
  create_date: '2027-10-20T10:00:00.000Z',
  replies: [],
});
const pins = [pin(1, 14, 1, 'open', 'Logoen er for liten'), pin(2, 14, 2, 'open', 'Prisen'), pin(3, 14, 3, 'resolved', 'Fargen'), pin(4, 9, 4, 'open', 'Gammel versjon')];

vi.mock('@/lib/api-client', async (original) => ({
  ...(await original<typeof import('@/lib/api-client')>()),
  call: vi.fn(async (endpoint: Endpoint) => {
    if (endpoint.path === '/api/design-chat/reviews') return { status: 'success', message: '', data: { chat_id: 88, reviews: [review] } };
    if (endpoint.method === 'GET') return { status: 'success', message: '', data: { pins } };
    return { status: 'success', message: 'Saved', data: { review } };
  }),
}));

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{children}</QueryClientProvider>
);

const person = (id: number, name: string) => ({ id, name });

function aReview(rights: Partial<Pick<FileReview, 'can_decide' | 'can_override' | 'approved_by_me'>> = {}): FileReview {
  return {
    message_id: 14,
    type_file: 'Sketch',
    file_name: 'julebrus-skisse-v2.png',
    state: 'open',
    stage_id: 2,
    can_decide: false,
    approved_by_me: false,
    can_override: false,
    reviewers: [person(5, 'Per Dahl'), person(6, 'Marte Holm')],
    ...rights,
    stages: [
      {
        id: 1,
        position: 1,
        name: 'Kategorisjef',
        rule: 'any',
        state: 'done',
        due_on: '2027-10-25',
        overdue: false,
        decisions: [
          { id: 1, decision: 'approve', reviewer: person(2, 'Kari Nilsen'), decided_by: null, comment: '', reason: '', pins: [], create_date: '2027-10-21T08:00:00.000Z' },
        ],
        pending: [],
      },
      {
        id: 2,
        position: 2,
        name: 'Markedsleder',
        rule: 'all',
        state: 'open',
        due_on: '2027-10-29',
        overdue: true,
        decisions: [
          {
            id: 2,
            decision: 'approve',
            reviewer: person(6, 'Marte Holm'),
            decided_by: person(1, 'Ingrid Admin'),
            comment: '',
            reason: 'På ferie, godkjent på telefon',
            pins: [],
            create_date: '2027-10-30T08:00:00.000Z',
          },
        ],
        pending: [person(5, 'Per Dahl')],
      },
      { id: 3, position: 3, name: 'Admin', rule: 'any', state: 'waiting', due_on: '2027-11-01', overdue: false, decisions: [], pending: [] },
    ],
  };
}

const decisions = () => vi.mocked(call).mock.calls.filter(([endpoint]) => endpoint.method === 'POST');
afterEach(() => vi.mocked(call).mockClear());

describe('DesignReviews', () => {
  it('shows who approved, for whom an admin decided, who is still to decide and that the stage is overdue', async () => {
    review = aReview();
    render(<DesignReviews chatId={88} />, { wrapper });
    const card = await screen.findByRole('article', { name: 'Skisse: julebrus-skisse-v2.png' });
    const [first, second, third] = within(card).getAllByTestId('review-step');

    expect(within(first!).getByText('Godkjent av Kari Nilsen')).toBeInTheDocument();
    expect(within(first!).queryByTestId('review-overdue')).toBeNull();

    expect(second).toHaveAttribute('aria-current', 'step');
    expect(within(second!).getByText('Godkjent for Marte Holm av Ingrid Admin')).toBeInTheDocument();
    expect(within(second!).getByText('På ferie, godkjent på telefon', { exact: false })).toBeInTheDocument();
    expect(within(second!).getByTestId('review-pending')).toHaveTextContent('Venter på: Per Dahl');
    expect(within(second!).getByTestId('review-overdue')).toHaveTextContent('Forsinket');
    expect(within(second!).getByText('Alle må godkjenne · Frist 29.10.2027')).toBeInTheDocument();

    expect(within(third!).getByText('Ikke startet')).toBeInTheDocument();
  });

  it('offers no buttons to someone who is not a reviewer of the open stage', async () => {
    review = aReview();
    render(<DesignReviews chatId={88} />, { wrapper });
    await screen.findByRole('article', { name: 'Skisse: julebrus-skisse-v2.png' });
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('offers a reviewer approve and request changes, and an admin also skip and decide for a reviewer', async () => {
    review = aReview({ can_decide: true });
    const { unmount } = render(<DesignReviews chatId={88} />, { wrapper });
    expect(await screen.findByRole('button', { name: 'Godkjenn' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Be om endringer' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Hopp over trinnet' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Beslutt for en godkjenner' })).toBeNull();
    unmount();

    review = aReview({ can_override: true });
    render(<DesignReviews chatId={88} />, { wrapper });
    expect(await screen.findByRole('button', { name: 'Hopp over trinnet' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Beslutt for en godkjenner' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Godkjenn' })).toBeNull();
  });

  it('approves with one click', async () => {
    const user = userEvent.setup();
    review = aReview({ can_decide: true });
    render(<DesignReviews chatId={88} />, { wrapper });
    await user.click(await screen.findByRole('button', { name: 'Godkjenn' }));
    await waitFor(() => expect(decisions()).toHaveLength(1));
    expect(decisions()[0]![0]).toBe(reviews.decide);
    expect(decisions()[0]![1]).toEqual({ body: { chat_id: 88, message_id: 14, decision: 'approve', comment: '', pins: [] } });
  });

  it('refuses a change request without a comment, then sends it with the chosen open pins of the version', async () => {
    const user = userEvent.setup();
    review = aReview({ can_decide: true });
    render(<DesignReviews chatId={88} />, { wrapper });
    await user.click(await screen.findByRole('button', { name: 'Be om endringer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Be om endringer' });

    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Skriv hva som må endres');
    expect(within(dialog).getByLabelText('Kommentar')).toHaveAttribute('aria-invalid', 'true');
    expect(decisions()).toHaveLength(0);

    // Only the open pins of this version can be chosen.
    const choices = await within(dialog).findAllByRole('checkbox');
    expect(choices.map((c) => c.closest('label')?.textContent)).toEqual(['Markering 1 Logoen er for liten', 'Markering 2 Prisen']);
    await user.type(within(dialog).getByLabelText('Kommentar'), 'Prisen må stå større.');
    await user.click(within(dialog).getByRole('checkbox', { name: /Markering 2/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));

    await waitFor(() => expect(decisions()).toHaveLength(1));
    expect(decisions()[0]![1]).toEqual({ body: { chat_id: 88, message_id: 14, decision: 'changes', comment: 'Prisen må stå større.', pins: [2] } });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('lets an admin decide for a reviewer only with a reason', async () => {
    const user = userEvent.setup();
    review = aReview({ can_override: true });
    render(<DesignReviews chatId={88} />, { wrapper });
    await user.click(await screen.findByRole('button', { name: 'Beslutt for en godkjenner' }));
    const dialog = await screen.findByRole('dialog', { name: 'Beslutt på vegne av en godkjenner' });
    await user.selectOptions(within(dialog).getByLabelText('Godkjenner'), 'Per Dahl');
    await user.click(within(dialog).getByRole('button', { name: 'Lagre beslutningen' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Skriv en begrunnelse');
    expect(decisions()).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Begrunnelse'), 'Per er syk');
    await user.click(within(dialog).getByRole('button', { name: 'Lagre beslutningen' }));
    await waitFor(() => expect(decisions()).toHaveLength(1));
    expect(decisions()[0]![1]).toEqual({
      body: { chat_id: 88, message_id: 14, decision: 'approve', comment: '', pins: [], on_behalf_of: 5, reason: 'Per er syk' },
    });
  });

  it('skips the open stage with a reason', async () => {
    const user = userEvent.setup();
    review = aReview({ can_override: true });
    render(<DesignReviews chatId={88} />, { wrapper });
    await user.click(await screen.findByRole('button', { name: 'Hopp over trinnet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hoppe over trinnet?' });
    await user.type(within(dialog).getByLabelText('Begrunnelse'), 'Markedsleder er på ferie');
    await user.click(within(dialog).getByRole('button', { name: 'Hopp over' }));
    await waitFor(() => expect(decisions()).toHaveLength(1));
    expect(decisions()[0]![0]).toBe(reviews.skip);
    expect(decisions()[0]![1]).toEqual({ body: { chat_id: 88, message_id: 14, reason: 'Markedsleder er på ferie', stage_id: 2 } });
  });
});
