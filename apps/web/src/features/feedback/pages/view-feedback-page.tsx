import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, ArrowRight, Send } from 'lucide-react';
import { FEEDBACK_EDITOR_HEIGHT, FEEDBACK_MESSAGE_EVENT, hasRichText, type FeedbackData, type FeedbackEventPayload, type FeedbackMessage } from '@promo/shared';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';
import { isRefusal } from '@/lib/error-catalogue';
import { useRealtimeEvent } from '@/lib/realtime';
import { useCurrentUser } from '@/lib/session';
import { useSaveFeedback } from '@/lib/use-save-feedback';
import { NothingKeptOffline, useNothingKeptOffline } from '@/lib/offline-data';
import NoAccessPage from '@/features/no-access/pages/no-access-page';
import { addFeedbackMessage, feedbackKeys, threadQuery, withMessage } from '../api';
import { LazyRichTextEditor } from '../components/lazy-rich-text-editor';
import { RichTextView } from '../components/rich-text-view';
import { ageText, useNow } from '../time';

/** feedback_id must be all digits (spec 001 §5); anything else loads nothing. */
export const feedbackIdParam = (raw: string | null) => (raw && /^\d+$/.test(raw) && Number(raw) > 0 && Number(raw) <= 2_147_483_647 ? Number(raw) : null);

function MessageItem({ message, mine, sender, now }: { message: FeedbackMessage; mine: boolean; sender: string; now: number }) {
  const { t } = useTranslation();
  return (
    <li data-testid="feedback-message" data-mine={mine} className={cn('flex', mine ? 'justify-end' : 'justify-start')}>
      <article className={cn('max-w-[85%] min-w-48 rounded-lg border px-4 py-2 shadow-xs', mine ? 'border-primary/20 bg-blue-50' : 'border-border bg-background')}>
        <header className="mb-1 flex items-baseline justify-between gap-4 text-xs text-muted-foreground">
          <span className="font-semibold text-foreground" data-testid="message-sender">
            {sender}
          </span>
          <time dateTime={message.create_date} title={formatDateTime(message.create_date)}>
            {ageText(t, message.create_date, now)}
          </time>
        </header>
        <RichTextView html={message.text} />
      </article>
    </li>
  );
}

/** /view-feedback?feedback_id= (spec 001 §2.15): the conversation, newest at the bottom, and a reply editor. */
export default function ViewFeedbackPage() {
  const { t } = useTranslation();
  const me = useCurrentUser()!;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const feedback = useSaveFeedback();
  const [params] = useSearchParams();
  const id = feedbackIdParam(params.get('feedback_id'));
  const query = useQuery({ ...threadQuery(id ?? 0), enabled: id !== null });
  const data = query.data;
  const messages = data?.feedback.messages ?? [];
  const now = useNow();
  const [reply, setReply] = useState('');
  const [replyError, setReplyError] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);

  // New messages (loaded, sent or live) scroll the conversation to the newest.
  const newestId = messages.at(-1)?.id;
  useEffect(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [newestId]);

  // A reply of the other participant appears at once; asking again marks it read.
  useRealtimeEvent<FeedbackEventPayload>(
    FEEDBACK_MESSAGE_EVENT,
    (payload) => {
      if (id === null || payload?.feedback_id !== id) return;
      queryClient.setQueryData<FeedbackData>(feedbackKeys.thread(id), (old) => withMessage(old, payload.message));
      if (payload.message.sender_id !== me.id) void queryClient.invalidateQueries({ queryKey: feedbackKeys.thread(id) });
    },
    () => {
      if (id !== null) void queryClient.invalidateQueries({ queryKey: feedbackKeys.thread(id) });
    },
  );

  const send = useMutation({
    mutationFn: (html: string) => addFeedbackMessage(id!, html),
    onSuccess: (res) => {
      setReply('');
      setReplyError(false);
      feedback.success(res);
      queryClient.setQueryData(feedbackKeys.thread(id!), res.data);
      void queryClient.invalidateQueries({ queryKey: feedbackKeys.lists });
    },
    onError: (err) => feedback.failure(err),
  });

  const submit = () => {
    // Sent only when text remains after removing tags, entities and whitespace (spec 001 §5).
    if (!hasRichText(reply)) return setReplyError(true);
    send.mutate(reply);
  };

  const senderName = (senderId: number | null) => {
    if (senderId === me.id) return t('feedback.you');
    return data?.users.find((u) => u.id === senderId)?.name ?? t('feedback.unknown');
  };
  const participant = !!data && (data.feedback.from_user?.id === me.id || data.feedback.to_user?.id === me.id);
  const loading = id !== null && query.isPending;
  const nothingKept = useNothingKeptOffline(query);
  if (isRefusal(query.error)) return <NoAccessPage refusal={query.error} />;

  return (
    <section className="grid max-w-4xl gap-4">
      <PageHeader title={data?.feedback.title ?? t('feedback.view.title')}>
        <Button variant="outline" onClick={() => void navigate('/feedback-messages')}>
          <ArrowLeft /> {t('common.back')}
        </Button>
      </PageHeader>
      {data && (
        <div className="flex items-center gap-1 text-sm text-muted-foreground" data-testid="feedback-participants">
          <span>{data.feedback.from_user ? senderName(data.feedback.from_user.id) : t('feedback.unknown')}</span>
          <ArrowRight className="size-3.5" aria-label={t('feedback.list.to')} />
          <span>{data.feedback.to_user ? senderName(data.feedback.to_user.id) : t('feedback.unknown')}</span>
        </div>
      )}
      <div ref={scroller} className="max-h-[55vh] min-h-40 overflow-y-auto rounded-md border border-border bg-muted/40 p-4" data-testid="feedback-conversation">
        {nothingKept ? (
          <NothingKeptOffline />
        ) : loading ? (
          <p className="py-8 text-center text-muted-foreground">{t('feedback.load_data')}</p>
        ) : !messages.length ? (
          <p className="py-8 text-center text-muted-foreground" data-testid="feedback-empty">
            {t('feedback.missing')}
          </p>
        ) : (
          <ol className="grid gap-3">
            {messages.map((m) => (
              <MessageItem key={m.id} message={m} mine={m.sender_id === me.id} sender={senderName(m.sender_id)} now={now} />
            ))}
          </ol>
        )}
      </div>
      {messages.length > 0 &&
        (participant ? (
          <div className="grid gap-2" data-testid="feedback-reply">
            <LazyRichTextEditor
              id="feedback-reply"
              label={t('feedback.view.reply')}
              value={reply}
              onChange={(html) => {
                setReply(html);
                if (replyError && hasRichText(html)) setReplyError(false);
              }}
              invalid={replyError}
              height={FEEDBACK_EDITOR_HEIGHT}
            />
            {replyError && (
              <p role="alert" className="text-xs text-destructive">
                {t('validation.required_field')}
              </p>
            )}
            <div>
              <Button onClick={submit} disabled={send.isPending}>
                <Send /> {t('feedback.view.add_message')}
              </Button>
            </div>
          </div>
        ) : (
          <p className="text-sm text-muted-foreground" data-testid="feedback-read-only">
            {t('feedback.view.read_only')}
          </p>
        ))}
    </section>
  );
}
