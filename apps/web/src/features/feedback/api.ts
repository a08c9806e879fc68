import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  feedback,
  type CreateFeedbackBody,
  type FeedbackData,
  type FeedbackListData,
  type FeedbackMessage,
  type FeedbackUserOption,
} from '@promo/shared';
import { call } from '@/lib/api-client';

export interface FeedbackListParams {
  count_show: number;
  start_index: number;
}

export const feedbackKeys = {
  all: ['feedback'] as const,
  lists: ['feedback', 'list'] as const,
  list: (params: FeedbackListParams) => ['feedback', 'list', params] as const,
  recipients: ['feedback', 'recipients'] as const,
  thread: (id: number) => ['feedback', 'thread', id] as const,
};

/** The list is applied only when its shape is right (spec 000 §7); otherwise the old one stays. */
export function isFeedbackList(data: unknown): data is FeedbackListData {
  const d = data as FeedbackListData | undefined;
  return !!d && Array.isArray(d.feedbacks) && typeof d.total === 'number';
}

export function isFeedbackData(data: unknown): data is FeedbackData {
  const d = data as FeedbackData | undefined;
  return !!d && !!d.feedback && typeof d.feedback === 'object' && Array.isArray(d.feedback.messages) && Array.isArray(d.users);
}

export const feedbackListQuery = (params: FeedbackListParams) =>
  queryOptions({
    queryKey: feedbackKeys.list(params),
    queryFn: async ({ signal }) => {
      const res = await call<FeedbackListData>(feedback.list, { query: { ...params } }, { silent: true, signal });
      if (!isFeedbackList(res.data)) throw new Error('Unexpected data format');
      return res.data;
    },
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });

export const recipientsQuery = queryOptions({
  queryKey: feedbackKeys.recipients,
  queryFn: async ({ signal }) => {
    const res = await call<{ users: FeedbackUserOption[] }>(feedback.initialization, {}, { silent: true, signal });
    return Array.isArray(res.data?.users) ? res.data.users : [];
  },
  staleTime: 60_000,
});

/** Opening a thread marks the other participant's messages read, so it is asked again on every visit. */
export const threadQuery = (id: number) =>
  queryOptions({
    queryKey: feedbackKeys.thread(id),
    queryFn: async ({ signal }) => {
      const res = await call<FeedbackData>(feedback.get, { query: { feedback_id: id } }, { silent: true, signal });
      if (!isFeedbackData(res.data)) throw new Error('Unexpected data format');
      return res.data;
    },
    refetchOnMount: 'always',
    retry: false,
  });

export const createFeedback = (body: CreateFeedbackBody) => call<{ id: number }>(feedback.create, { body: { ...body } }, { silent: true });

export const addFeedbackMessage = (feedback_id: number, message: string) =>
  call<FeedbackData>(feedback.addMessage, { body: { feedback_id, message } }, { silent: true });

/** A message that arrived live, put into the thread once, in time order. */
export function withMessage(data: FeedbackData | undefined, message: FeedbackMessage): FeedbackData | undefined {
  if (!data || data.feedback.messages.some((m) => m.id === message.id)) return data;
  const messages = [...data.feedback.messages, message].sort((a, b) => a.create_date.localeCompare(b.create_date) || a.id - b.id);
  return { ...data, feedback: { ...data.feedback, messages } };
}

/** Names of people for the filter: case-insensitive, anywhere in the name. */
export function filterUsers<U extends { name: string }>(users: U[], text: string): U[] {
  const q = text.trim().toLocaleLowerCase();
  return q ? users.filter((u) => u.name.toLocaleLowerCase().includes(q)) : users;
}
