import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowRight, Plus } from 'lucide-react';
import { FEEDBACK_MESSAGE_EVENT, type FeedbackListItem } from '@promo/shared';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { PageSizeSelect } from '@/components/ui/page-size-select';
import { Pagination } from '@/components/ui/pagination';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';
import { NothingKeptOffline, useNothingKeptOffline } from '@/lib/offline-data';
import { useRealtimeEvent } from '@/lib/realtime';
import { useCurrentUser } from '@/lib/session';
import type { ListUrlSpec } from '@/lib/list-url';
import { useLastGood } from '@/lib/use-last-good';
import { useListParams } from '@/lib/use-list-params';
import { feedbackKeys, feedbackListQuery } from '../api';
import { ageText, useNow } from '../time';

function ThreadRow({ item, meId, now }: { item: FeedbackListItem; meId: number; now: number }) {
  const { t } = useTranslation();
  const name = (u: FeedbackListItem['from_user']) => (u ? (u.id === meId ? t('feedback.you') : u.name) : t('feedback.unknown'));
  return (
    <li>
      <Link
        to={`/view-feedback?feedback_id=${item.id}`}
        data-testid={`feedback-${item.id}`}
        data-unread={item.unread}
        className={cn(
          'grid gap-1 rounded-md border border-border bg-background px-4 py-3 transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
          item.unread && 'border-l-4 border-l-primary',
        )}
      >
        <div className="flex items-center gap-2">
          {item.unread && (
            <span className="inline-flex items-center gap-1 text-xs font-semibold text-primary" data-testid="unread-marker">
              <span className="size-2 rounded-full bg-primary" aria-hidden />
              {t('feedback.list.unread')}
            </span>
          )}
          <span className={cn('min-w-0 flex-1 truncate', item.unread ? 'font-semibold' : 'font-medium')}>{item.title}</span>
          <time className="shrink-0 text-xs text-muted-foreground" dateTime={item.last_message_date} title={formatDateTime(item.last_message_date)}>
            {ageText(t, item.last_message_date, now)}
          </time>
        </div>
        <div className="flex items-center gap-1 text-xs text-muted-foreground">
          <span>{name(item.from_user)}</span>
          <ArrowRight className="size-3" aria-label={t('feedback.list.to')} />
          <span>{name(item.to_user)}</span>
        </div>
        {item.preview && <p className="line-clamp-2 text-sm break-words text-muted-foreground" data-testid="feedback-preview">{item.preview}</p>}
      </Link>
    </li>
  );
}

/** Only the page and its size: the threads have one order and no search. */
const LIST: ListUrlSpec<'none', 'none'> = { sortFields: ['none'], defaultSort: 'none', defaultField: 'none' };

/** /feedback-messages (spec 001 §2.15): the caller's threads, newest activity first. */
export default function FeedbackListPage() {
  const { t } = useTranslation();
  const me = useCurrentUser()!;
  const queryClient = useQueryClient();
  const list = useListParams(LIST);
  const query = useQuery(feedbackListQuery({ count_show: list.params.count_show, start_index: list.params.start_index }));
  const data = useLastGood(query.data);
  const nothingKept = useNothingKeptOffline(query);
  useEffect(() => list.fitPage(query.isPlaceholderData ? undefined : query.data?.total));
  const now = useNow();

  // A new thread or reply for this user: the list (order, preview, unread) is asked again.
  const refresh = () => void queryClient.invalidateQueries({ queryKey: feedbackKeys.lists });
  useRealtimeEvent(FEEDBACK_MESSAGE_EVENT, refresh, refresh);

  return (
    <section className="grid max-w-4xl gap-4">
      <PageHeader title={t('feedback.list.title')}>
        <Button asChild>
          <Link to="/create-feedback?action=create">
            <Plus /> {t('feedback.list.create')}
          </Link>
        </Button>
      </PageHeader>
      <div className="flex items-center gap-3">
        <PageSizeSelect value={list.pageSize} onChange={list.setPageSize} />
        {data && <span className="text-sm text-muted-foreground">{t('feedback.list.total', { n: data.total })}</span>}
      </div>
      {nothingKept ? (
        <NothingKeptOffline className="rounded-md border border-border bg-background" />
      ) : !data?.feedbacks.length ? (
        <p className="rounded-md border border-border bg-background py-8 text-center text-muted-foreground" data-testid="feedback-empty">
          {query.isPending ? t('feedback.load_data') : t('feedback.missing')}
        </p>
      ) : (
        <ul className="grid gap-2" data-testid="feedback-list">
          {data.feedbacks.map((item) => (
            <ThreadRow key={item.id} item={item} meId={me.id} now={now} />
          ))}
        </ul>
      )}
      <Pagination page={list.page} pageSize={list.pageSize} total={data?.total ?? 0} onPage={list.setPage} />
    </section>
  );
}
