import type { ChatData, ChatEvent, ChatEventPayload, ChatMessage } from '@promo/shared';

/** The query key of one chat; the cache holds the server's ChatData. */
export const chatKey = (chatId: number) => ['chat', chatId] as const;

/** A new message goes at the end, in message_id order, once: the send reply and its event may both arrive. */
export function appendMessage(data: ChatData, message: ChatMessage): ChatData {
  if (data.chat.messages.some((m) => m.id === message.id)) return replaceMessage(data, message);
  const messages = [...data.chat.messages, message].sort((a, b) => a.message_id - b.message_id);
  return { chat: { ...data.chat, messages } };
}

/** An edited, removed, rated or replaced message takes the place of the old one. */
export function replaceMessage(data: ChatData, message: ChatMessage): ChatData {
  if (!data.chat.messages.some((m) => m.id === message.id)) return data;
  return { chat: { ...data.chat, messages: data.chat.messages.map((m) => (m.id === message.id ? message : m)) } };
}

/** A read receipt changes only who read the message; the rest of the cached one stays. */
export function applyWhoRead(data: ChatData, message: ChatMessage): ChatData {
  if (!data.chat.messages.some((m) => m.id === message.id)) return data;
  return {
    chat: {
      ...data.chat,
      messages: data.chat.messages.map((m) => (m.id === message.id ? { ...m, who_read_messages: message.who_read_messages } : m)),
    },
  };
}

/** One real-time event merged into the cached chat; events of other chats change nothing. */
export function applyChatEvent(data: ChatData | undefined, event: ChatEvent, payload: ChatEventPayload): ChatData | undefined {
  if (!data || payload.chat_id !== data.chat.id) return data;
  switch (event) {
    case 'AddNewMessageEvent':
      return appendMessage(data, payload.message);
    case 'UpdateMessageEvent':
      return replaceMessage(data, payload.message);
    case 'WhoReadEvent':
      return applyWhoRead(data, payload.message);
  }
}

/** A message of someone else the user has not read yet (the server marks no sender-less message). */
export const isUnreadFor = (message: ChatMessage, userId: number) =>
  message.sender_id !== null && message.sender_id !== userId && !message.who_read_messages.includes(userId);

/** Someone other than the sender has read it: the double check. */
export const isReadByOthers = (message: ChatMessage) => message.who_read_messages.some((id) => id !== message.sender_id);
