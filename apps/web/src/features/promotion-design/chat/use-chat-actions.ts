import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isAxiosError } from 'axios';
import { useTranslation } from 'react-i18next';
import type { ChatData, ChatFileType, ChatMessage } from '@promo/shared';
import { toast } from '@/components/ui/use-toast';
import { serverMessage, type ApiResponse } from '@/lib/api-client';
import { errorLines, type ApiErrorBody } from '@/lib/error-catalogue';
import { uploadFile } from '@/lib/upload';
import { designPageKeys } from '../api';
import { deleteMessage, sendMessage, updateMessage } from './api';
import { appendMessage, chatKey, replaceMessage } from './chat-cache';

export interface Outgoing {
  text: string;
  file: File | null;
  typeFile: ChatFileType;
  replyTo: number | null;
}

class UploadError extends Error {
  constructor(readonly reason: unknown) {
    super('upload failed');
  }
}

/** Sending, editing and removing, each written into the cached chat from the server's reply. */
export function useChatActions(chatId: number, onProgress: (fraction: number | null) => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const key = chatKey(chatId);
  const put = (merge: (d: ChatData, m: ChatMessage) => ChatData) => (message: ChatMessage) =>
    queryClient.setQueryData<ChatData>(key, (d) => (d ? merge(d, message) : d));

  const showError = (err: unknown) => {
    const cause = err instanceof UploadError ? err.reason : err;
    if (!isAxiosError<ApiErrorBody>(cause)) return;
    const body = cause.response?.data;
    const description = errorLines(body, t) || (cause.response ? t('errors.unknown') : t('errors.network'));
    toast({ variant: 'destructive', title: err instanceof UploadError ? t('errors.file_failed') : t('errors.error'), description });
  };

  const send = useMutation({
    mutationFn: async (out: Outgoing) => {
      let fileId: number | undefined;
      if (out.file) {
        onProgress(0);
        try {
          fileId = (await uploadFile(out.file, 'any', onProgress)).file_id;
        } catch (err) {
          throw new UploadError(err);
        }
      }
      return sendMessage({
        chat_id: chatId,
        text: out.text,
        file_id: fileId,
        type_file: out.file ? out.typeFile : '',
        comment_mess_id: out.replyTo ?? undefined,
      });
    },
    onSuccess: (message, out) => {
      put(appendMessage)(message);
      if (out.file && out.typeFile) {
        // A file of a type removes the current one; its event may be lost while offline, so ask again.
        void queryClient.invalidateQueries({ queryKey: key });
        // It may have bound the design to its designer (decision 004).
        void queryClient.invalidateQueries({ queryKey: designPageKeys.all });
      }
    },
    onError: showError,
    onSettled: () => onProgress(null),
  });

  const update = useMutation({
    mutationFn: ({ messageId, text }: { messageId: number; text: string }) => updateMessage(chatId, messageId, text),
    onSuccess: put(replaceMessage),
    onError: showError,
  });

  const remove = useMutation({
    mutationFn: (messageId: number) => deleteMessage(chatId, messageId),
    onSuccess: (res: ApiResponse<unknown>) => {
      toast({ title: serverMessage(res) });
      void queryClient.invalidateQueries({ queryKey: key });
    },
    onError: showError,
  });

  return { send, update, remove };
}
