import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AxiosError, type AxiosResponse } from 'axios';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { chat, reviews, type ChatMessage, type Endpoint, type FileReview, type RatingAnswer, type Role } from '@promo/shared';
import i18n, { i18nReady } from '@/lib/i18n';
import { call } from '@/lib/api-client';
import { DesignChat } from './design-chat';

/** Issue 33 point 10: rating a sketch is the review panel's decision, in the panel's dialog. */

vi.setConfig({ testTimeout: 20_000 });
beforeAll(() => i18nReady);
beforeEach(() => void i18n.changeLanguage('no'));
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
// The composer asks whether the screen is wide; jsdom has no media queries.
window.matchMedia ??= ((media: string) => ({ matches: false, media, onchange: null, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, dispatchEvent: () => false })) as typeof window.matchMedia;

// No socket in a unit test.
vi.mock('@/lib/realtime', () => ({ useRealtimeEvent: vi.fn(), useChatEvents: vi.fn() }));
let me: { id: number; role: Role; name: string };
vi.mock('@/lib/session', async (original) => ({ ...(await original<typeof import('@/lib/session')>()), useCurrentUser: () => me }));

const sketch: ChatMessage = {
  id: 40,
  chat_id: 88,
  message_id: 14,
  text: 'Ny skisse',
  url_images: null,
  url_file: '/api/files/download-file?table_name=design_chats&table_id=88&message_id=14',
  file_name: 'skisse.pdf',
  file_size: '12.00 Kb',
  type_extension: 'document',
  type_file: 'Sketch',
  comment_mess_id: null,
  update_message: false,
  delete_message: false,
  replaced: false,
  who_read_messages: [2, 1],
  sender_id: 4,
  sender_name: 'Sofie Designer',
  rating_file: null,
  create_date: '2027-10-20T10:00:00.000Z',
  preflight: null,
  generated: null,
};

let review: FileReview;
let rated: RatingAnswer | AxiosError;

vi.mock('@/lib/api-client', async (original) => ({
  ...(await original<typeof import('@/lib/api-client')>()),
  call: vi.fn(async (endpoint: Endpoint) => {
    if (endpoint === reviews.design) return { status: 'success', message: '', data: { chat_id: 88, reviews: [review] } };
    if (endpoint === chat.get) return { status: 'success', message: '', data: { chat: { id: 88, promotion_surface_design_id: 5, design_status: 'Brief', print_files_fixed: false, messages: [sketch] } } };
    if (endpoint === chat.rate) {
      if (rated instanceof AxiosError) throw rated;
      return { status: 'success', message: 'Rating saved', message_key: rated.effect === 'reaction' ? 'rating_reaction_only' : 'rating_decided', data: rated };
    }
    if (endpoint === reviews.decide) return { status: 'success', message: 'Decision saved', data: { review } };
    if (endpoint.method === 'GET') return { status: 'success', message: '', data: { pins: [], versions: [] } };
    return { status: 'success', message: '' };
  }),
}));

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{children}</QueryClientProvider>
);

function aReview(rights: Partial<Pick<FileReview, 'can_decide' | 'can_override'>>): FileReview {
  return {
    message_id: 14,
    type_file: 'Sketch',
    file_name: 'skisse.pdf',
    state: 'open',
    stage_id: 1,
    can_decide: false,
    approved_by_me: false,
    can_override: false,
    reviewers: rights.can_override ? [{ id: 5, name: 'Per Dahl' }] : [],
    stages: [{ id: 1, position: 1, name: 'Kategorisjef', rule: 'any', state: 'open', due_on: null, overdue: false, decisions: [], pending: [{ id: 5, name: 'Per Dahl' }] }],
    ...rights,
  };
}

const posts = (endpoint: Endpoint) => vi.mocked(call).mock.calls.filter(([e]) => e === endpoint).map(([, options]) => (options as { body: object }).body);
afterEach(() => vi.mocked(call).mockClear());

async function rateAs(label: string) {
  const user = userEvent.setup();
  render(<DesignChat chatId={88} designStatus="Brief" designer={null} />, { wrapper });
  const group = await screen.findByRole('group', { name: 'Vurder skissen' });
  // The reviews arrive after the chat: wait until the rating knows the sketch's stage.
  await waitFor(() => expect(vi.mocked(call).mock.calls.some(([e]) => e === reviews.design)).toBe(true));
  await user.click(within(group).getByRole('button', { name: label }));
  return user;
}

describe('a reviewer rates a sketch', () => {
  it('"Avvist" opens the change-request dialog, which needs a comment, and sends the decision', async () => {
    me = { id: 5, role: 'cm', name: 'Per Dahl' };
    review = aReview({ can_decide: true });
    const user = await rateAs('Avvist');
    const dialog = await screen.findByRole('dialog', { name: 'Be om endringer' });
    expect(posts(chat.rate)).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Skriv hva som må endres');
    expect(posts(reviews.decide)).toEqual([]);

    await user.type(within(dialog).getByLabelText('Kommentar'), 'Prisen må stå større.');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(posts(reviews.decide)).toEqual([{ chat_id: 88, message_id: 14, decision: 'changes', comment: 'Prisen må stå større.', pins: [] }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('"Avvist" refused by the server for want of a comment opens the same dialog', async () => {
    me = { id: 5, role: 'cm', name: 'Per Dahl' };
    review = aReview({});
    rated = new AxiosError('refused', '422', undefined, undefined, { status: 422, data: { status: 'error', errors: { comment: ['comment_required'] } } } as AxiosResponse);
    await rateAs('Avvist');
    expect(await screen.findByRole('dialog', { name: 'Be om endringer' })).toBeInTheDocument();
    expect(posts(chat.rate)).toEqual([{ chat_id: 88, message_id: 14, rating: 2 }]);
  });

  it('"Godkjent" is the reviewer’s approval: one call, nothing more to read', async () => {
    me = { id: 5, role: 'cm', name: 'Per Dahl' };
    review = aReview({ can_decide: true });
    rated = { message: { ...sketch, rating_file: 3 }, effect: 'decision', review_stage: null };
    await rateAs('Godkjent');
    await waitFor(() => expect(posts(chat.rate)).toEqual([{ chat_id: 88, message_id: 14, rating: 3 }]));
    expect(screen.queryByTestId('rating-notice')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('an admin rates outside the flow', () => {
  it('is told the rating did not decide, and may decide for the stage’s reviewer in the panel’s dialog', async () => {
    me = { id: 1, role: 'admin', name: 'Ingrid Admin' };
    review = aReview({ can_override: true });
    rated = { message: { ...sketch, rating_file: 3 }, effect: 'reaction', review_stage: 'Kategorisjef' };
    const user = await rateAs('Godkjent');
    const notice = await screen.findByTestId('rating-notice');
    expect(notice).toHaveTextContent('Vurderingen er lagret, men avgjør ikke godkjenningen: du er ikke godkjenner i trinnet «Kategorisjef», så trinnet er uendret.');

    await user.click(within(notice).getByRole('button', { name: 'Beslutt for Per Dahl' }));
    const dialog = await screen.findByRole('dialog', { name: 'Beslutt på vegne av en godkjenner' });
    expect(within(dialog).getByLabelText('Godkjenner')).toHaveValue('5');
    expect(within(dialog).getByLabelText('Beslutning')).toHaveValue('approve');
    await user.type(within(dialog).getByLabelText('Begrunnelse'), 'Godkjent på telefon');
    await user.click(within(dialog).getByRole('button', { name: 'Lagre beslutningen' }));
    await waitFor(() =>
      expect(posts(reviews.decide)).toEqual([{ chat_id: 88, message_id: 14, decision: 'approve', comment: '', pins: [], on_behalf_of: 5, reason: 'Godkjent på telefon' }]),
    );
  });
});
