import { queryOptions } from '@tanstack/react-query';
import { chat, type ChatData, type ChatFileType, type ChatMessage, type RatingAnswer } from '@promo/shared';
import { call } from '@/lib/api-client';
import { chatKey } from './chat-cache';

/** The chat with all its messages; the list shape is checked before it is used. */
export const chatQuery = (chatId: number) =>
  queryOptions({
    queryKey: chatKey(chatId),
    queryFn: async ({ signal }) => {
      const res = await call<ChatData>(chat.get, { query: { chat_id: chatId } }, { silent: true, signal });
      if (!Array.isArray(res.data?.chat?.messages)) throw new Error('Unexpected data format');
      return res.data;
    },
    // Live events keep it fresh; a refetch happens on reconnection.
    staleTime: Infinity,
  });

export interface NewMessage {
  chat_id: number;
  text: string;
  file_id?: number;
  type_file: ChatFileType;
  comment_mess_id?: number;
}

type MessageReply = { message: ChatMessage };

export const sendMessage = (body: NewMessage) =>
  call<MessageReply>(chat.send, { body: { ...body } }, { silent: true }).then((r) => r.data.message);

export const updateMessage = (chat_id: number, message_id: number, text: string) =>
  call<MessageReply>(chat.update, { body: { chat_id, message_id, text } }, { silent: true }).then((r) => r.data.message);

export const deleteMessage = (chat_id: number, message_id: number) =>
  call(chat.remove, { query: { chat_id, message_id } }, { silent: true });

export const markChatRead = (chat_id: number) => call(chat.markRead, { body: { chat_id } }, { silent: true });

/** The answer holds the rated message and what the rating did: moved the status, decided in the review, or only changed the mark. */
export const rateSketch = (chat_id: number, message_id: number, rating: number) => call<RatingAnswer>(chat.rate, { body: { chat_id, message_id, rating } }, { silent: true });
