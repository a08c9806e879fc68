import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { can, type ChatFileType, type ChatMessage, type PsdStatus } from '@promo/shared';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ImageViewer } from '@/components/ui/image-viewer';
import { useCurrentUser } from '@/lib/session';
import { DecisionDialog } from '@/features/reviews/panel/decision-dialog';
import { RatingNotice } from '@/features/reviews/panel/rating-notice';
import { pinsQuery } from '../proofing/api';
import { FileReviewDialog } from '../proofing/file-review-dialog';
import { useProofingLive } from '../proofing/use-proofing-live';
import { chatQuery } from './api';
import { Composer } from './composer';
import { copyText } from './copy-text';
import { MessageList } from './message-list';
import { useChatActions } from './use-chat-actions';
import { useChatLive } from './use-chat-live';
import { useSketchRating } from './use-sketch-rating';

export interface DesignChatProps {
  chatId: number;
  designStatus: PsdStatus;
  /** Who holds the design: among designers only they send files of a type (decision 004). */
  designer: { id: number; name: string } | null;
}

/** The chat of a design (spec 001 §2.4, §4): messages, files, replies, ratings and read receipts, live. */
export function DesignChat({ chatId, designStatus, designer }: DesignChatProps) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const userId = me?.id ?? 0;
  const query = useQuery({ ...chatQuery(chatId), enabled: chatId > 0 });
  const messages = query.data?.chat.messages ?? [];
  const printFilesFixed = query.data?.chat.print_files_fixed ?? false;
  useChatLive(chatId, userId, query.data);

  const [progress, setProgress] = useState<number | null>(null);
  const actions = useChatActions(chatId, setProgress);
  const rating = useSketchRating(chatId);
  const [editing, setEditing] = useState<ChatMessage | null>(null);
  const [replyTo, setReplyTo] = useState<ChatMessage | null>(null);
  const [sent, setSent] = useState(0);
  const [deleting, setDeleting] = useState<ChatMessage | null>(null);
  const [viewer, setViewer] = useState<{ src: string; title: string } | null>(null);
  const [reviewing, setReviewing] = useState<number | null>(null);
  const pins = useQuery({ ...pinsQuery(chatId), enabled: chatId > 0 });
  useProofingLive(chatId);
  const isDesigner = me?.role === 'designer';
  const heldByOther = isDesigner && !!designer && designer.id !== userId;
  const openPinsOf = (m: ChatMessage) => (pins.data ?? []).filter((p) => p.message_id === m.message_id && p.status === 'open').length;

  // Sending resets the composer to create mode (a new key gives it fresh state).
  const reset = () => {
    setEditing(null);
    setReplyTo(null);
    setSent((n) => n + 1);
  };
  const onSend = (out: { text: string; file: File | null; typeFile: ChatFileType }) => {
    if (editing) actions.update.mutate({ messageId: editing.message_id, text: out.text }, { onSuccess: reset });
    else actions.send.mutate({ ...out, replyTo: replyTo?.message_id ?? null }, { onSuccess: reset });
  };

  return (
    <section className="flex min-h-0 flex-col gap-3" aria-label={t('chat.title')} data-testid="design-chat" data-chat-id={chatId}>
      <h2 className="text-lg font-semibold">{t('chat.title')}</h2>
      {query.isPending && chatId > 0 ? (
        <p className="text-sm text-muted-foreground">{t('common.load_data')}</p>
      ) : (
        <MessageList
          messages={messages}
          userId={userId}
          canRate={can(me?.role, 'chat.rate')}
          canSeeRating={can(me?.role, 'chat.seeRating')}
          printFilesFixed={printFilesFixed}
          onReply={(m) => {
            setEditing(null);
            setReplyTo(m);
          }}
          onEdit={(m) => {
            setReplyTo(null);
            setEditing(m);
          }}
          onDelete={setDeleting}
          onCopy={(m) => void copyText(m.text, t)}
          onRate={rating.onRate}
          ratingNoticeOf={(m) =>
            rating.notice?.messageId === m.message_id && (
              <RatingNotice stage={rating.notice.stage} review={rating.noticeReview} onDecideFor={rating.decideFor} onClose={rating.dismissNotice} />
            )
          }
          onOpenImage={(src, title) => setViewer({ src, title })}
          onReview={(m) => setReviewing(m.message_id)}
          openPinsOf={openPinsOf}
        />
      )}
      <Composer
        key={editing ? `edit-${editing.id}` : `new-${sent}`}
        editing={editing}
        replyTo={replyTo}
        messages={messages}
        designStatus={designStatus}
        printFilesFixed={printFilesFixed}
        canChooseType={can(me?.role, 'chat.chooseFileType') && !heldByOther}
        typesHeldBy={heldByOther ? designer.name : null}
        takesDesign={isDesigner && !designer}
        busy={actions.send.isPending || actions.update.isPending}
        progress={progress}
        onSend={onSend}
        onCancelEdit={() => setEditing(null)}
        onCancelReply={() => setReplyTo(null)}
      />
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('chat.delete_confirm')}
        busy={actions.remove.isPending}
        onConfirm={() => {
          if (deleting) actions.remove.mutate(deleting.message_id, { onSettled: () => setDeleting(null) });
          if (editing?.id === deleting?.id) setEditing(null);
        }}
      />
      <ImageViewer src={viewer?.src ?? null} title={viewer?.title} onClose={() => setViewer(null)} />
      <FileReviewDialog chatId={chatId} messageId={reviewing} onClose={() => setReviewing(null)} />
      {rating.dialog && (
        <DecisionDialog
          chatId={chatId}
          review={rating.dialog.review}
          mode={rating.dialog.mode}
          preset={rating.dialog.preset}
          busy={rating.decisions.busy(rating.dialog.review.message_id)}
          onClose={rating.closeDialog}
          onDecide={(input) => rating.decisions.decision.mutateAsync(input)}
          onSkip={(reason) => rating.decisions.skip.mutateAsync({ messageId: rating.dialog!.review.message_id, reason, stageId: rating.dialog!.review.stage_id })}
        />
      )}
    </section>
  );
}
