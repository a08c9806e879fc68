import { describe, expect, it } from 'vitest';
import type { ChatData, ChatMessage } from '@promo/shared';
import { appendMessage, applyChatEvent, applyWhoRead, isReadByOthers, isUnreadFor, replaceMessage } from './chat-cache';

const msg = (id: number, over: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  chat_id: 7,
  message_id: id,
  text: `text ${id}`,
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
  sender_id: 1,
  sender_name: 'Dina Designer',
  rating_file: null,
  create_date: '2026-03-01T10:00:00.000Z',
  preflight: null,
  generated: null,
  ...over,
});
const chat = (...messages: ChatMessage[]): ChatData => ({ chat: { id: 7, promotion_surface_design_id: 3, design_status: 'Correction', print_files_fixed: false, messages } });
const ids = (d: ChatData | undefined) => d?.chat.messages.map((m) => m.id);

describe('appendMessage', () => {
  it('adds a new message at the end, in message order', () => {
    expect(ids(appendMessage(chat(msg(1), msg(2)), msg(3)))).toEqual([1, 2, 3]);
    // An event that overtook an earlier one still lands in its place.
    expect(ids(appendMessage(chat(msg(1), msg(3)), msg(2)))).toEqual([1, 2, 3]);
  });

  it('adds a message once when both the reply and the event bring it', () => {
    const once = appendMessage(chat(msg(1)), msg(2));
    const twice = appendMessage(once, msg(2, { who_read_messages: [5] }));
    expect(ids(twice)).toEqual([1, 2]);
    expect(twice.chat.messages[1]!.who_read_messages).toEqual([5]);
  });

  it('does not change the data it was given', () => {
    const before = chat(msg(1));
    appendMessage(before, msg(2));
    expect(ids(before)).toEqual([1]);
  });
});

describe('replaceMessage', () => {
  it('replaces a message by id', () => {
    const next = replaceMessage(chat(msg(1), msg(2)), msg(2, { text: 'changed', update_message: true }));
    expect(next.chat.messages[1]).toMatchObject({ id: 2, text: 'changed', update_message: true });
    expect(next.chat.messages[0]!.text).toBe('text 1');
  });

  it('ignores a message the chat does not hold', () => {
    const data = chat(msg(1));
    expect(replaceMessage(data, msg(9))).toBe(data);
  });
});

describe('applyWhoRead', () => {
  it('replaces only who read the message', () => {
    const local = msg(1, { text: 'newer text in the cache' });
    const next = applyWhoRead(chat(local), msg(1, { text: 'older', who_read_messages: [4, 5] }));
    expect(next.chat.messages[0]).toMatchObject({ text: 'newer text in the cache', who_read_messages: [4, 5] });
  });
});

describe('applyChatEvent', () => {
  it('routes each event to its merge', () => {
    const data = chat(msg(1));
    expect(ids(applyChatEvent(data, 'AddNewMessageEvent', { chat_id: 7, message: msg(2) }))).toEqual([1, 2]);
    expect(applyChatEvent(data, 'UpdateMessageEvent', { chat_id: 7, message: msg(1, { delete_message: true, text: '' }) })!.chat.messages[0]).toMatchObject({
      delete_message: true,
      text: '',
    });
    expect(applyChatEvent(data, 'WhoReadEvent', { chat_id: 7, message: msg(1, { who_read_messages: [3] }) })!.chat.messages[0]!.who_read_messages).toEqual([3]);
  });

  it('leaves other chats and an empty cache alone', () => {
    const data = chat(msg(1));
    expect(applyChatEvent(data, 'AddNewMessageEvent', { chat_id: 8, message: msg(2, { chat_id: 8 }) })).toBe(data);
    expect(applyChatEvent(undefined, 'AddNewMessageEvent', { chat_id: 7, message: msg(2) })).toBeUndefined();
  });
});

describe('read state', () => {
  it('counts a message as unread for others until they read it', () => {
    expect(isUnreadFor(msg(1, { sender_id: 1 }), 2)).toBe(true);
    expect(isUnreadFor(msg(1, { sender_id: 1, who_read_messages: [2] }), 2)).toBe(false);
    expect(isUnreadFor(msg(1, { sender_id: 2 }), 2)).toBe(false);
    expect(isUnreadFor(msg(1, { sender_id: null }), 2)).toBe(false);
  });

  it('shows the double check once someone other than the sender read it', () => {
    expect(isReadByOthers(msg(1, { sender_id: 1 }))).toBe(false);
    expect(isReadByOthers(msg(1, { sender_id: 1, who_read_messages: [1] }))).toBe(false);
    expect(isReadByOthers(msg(1, { sender_id: 1, who_read_messages: [3] }))).toBe(true);
  });
});
