import { render, screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '@promo/shared';
import i18n, { i18nReady } from '@/lib/i18n';
import { MessageItem, type MessageHandlers } from './message-item';

beforeAll(() => i18nReady);
beforeEach(() => void i18n.changeLanguage('no'));

const handlers: MessageHandlers = {
  onReply: vi.fn(),
  onEdit: vi.fn(),
  onDelete: vi.fn(),
  onCopy: vi.fn(),
  onRate: vi.fn(),
  onOpenImage: vi.fn(),
  onReview: vi.fn(),
  openPinsOf: () => 0,
  ratingNoticeOf: () => null,
};

const message = (over: Partial<ChatMessage>): ChatMessage => ({
  id: 7,
  chat_id: 88,
  message_id: 3,
  text: '',
  url_images: null,
  url_file: null,
  file_name: '',
  file_size: '',
  type_extension: '',
  type_file: '',
  comment_mess_id: null,
  update_message: false,
  delete_message: false,
  replaced: false,
  who_read_messages: [],
  sender_id: 4,
  sender_name: 'Sofie Designer',
  rating_file: null,
  create_date: '2027-10-20T10:00:00.000Z',
  preflight: null,
  generated: null,
  ...over,
});

const show = (m: ChatMessage) =>
  render(
    <ol>
      <MessageItem message={m} quoted={undefined} own={false} fixed={false} canRate canSeeRating {...handlers} />
    </ol>,
  );

describe('a file replaced by a newer version (issue 33)', () => {
  it('says it was replaced, which file it was, and keeps what the designer wrote', () => {
    show(message({ delete_message: true, replaced: true, text: 'Første skisse, prisen øverst.', file_name: 'skisse-1.png', type_file: 'Sketch' }));
    const item = screen.getByTestId('chat-message');
    expect(within(item).getByTestId('message-replaced')).toHaveTextContent('Erstattet av en ny versjon · Skisse: skisse-1.png');
    expect(within(item).getByTestId('message-text')).toHaveTextContent('Første skisse, prisen øverst.');
    expect(within(item).queryByText('Meldingen er fjernet')).toBeNull();
    // An earlier version is not rated in the chat.
    expect(within(item).queryByRole('group', { name: 'Vurder skissen' })).toBeNull();
  });

  it('a deleted message still says only that it was removed', () => {
    show(message({ delete_message: true }));
    const item = screen.getByTestId('chat-message');
    expect(within(item).getByText('Meldingen er fjernet')).toBeInTheDocument();
    expect(within(item).queryByTestId('message-replaced')).toBeNull();
  });

  it('reads the same in English', async () => {
    await i18n.changeLanguage('en');
    show(message({ delete_message: true, replaced: true, text: 'First sketch', file_name: 'hq.pdf', type_file: 'HQ' }));
    expect(screen.getByTestId('message-replaced')).toHaveTextContent('Replaced by a new version · HQ: hq.pdf');
    expect(screen.getByTestId('message-text')).toHaveTextContent('First sketch');
  });
});

describe('an HQ file the signs made (issue 34)', () => {
  it('says which template version and how many signs, in both languages', async () => {
    show(message({ type_file: 'HQ', file_name: 'skilt.pdf', generated: { template_version: 3, signs: 20 } }));
    expect(screen.getByTestId('message-generated')).toHaveTextContent('Generert fra mal v3: 20 skilt');
    await i18n.changeLanguage('en');
    expect(await screen.findByText('Generated from template v3: 20 signs')).toBeInTheDocument();
  });

  it('is not said of other files', () => {
    show(message({ type_file: 'HQ', file_name: 'hq.pdf' }));
    expect(screen.queryByTestId('message-generated')).toBeNull();
  });
});
