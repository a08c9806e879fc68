import { useState } from 'react';
import { Collapsible } from 'radix-ui';
import { ChevronDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';

/** The collapsible history of a promotion: each event with its date and time. */
export function PromotionHistory({ history }: { history: Record<string, string> }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const events = Object.entries(history).sort(([, a], [, b]) => a.localeCompare(b));
  return (
    <Collapsible.Root open={open} onOpenChange={setOpen} className="rounded-md border border-border bg-background">
      <Collapsible.Trigger className="flex w-full cursor-pointer items-center justify-between px-4 py-3 text-sm font-medium">
        {t('promotions.history')}
        <ChevronDown className={cn('size-4 transition-transform', open && 'rotate-180')} aria-hidden />
      </Collapsible.Trigger>
      <Collapsible.Content>
        <ul className="grid gap-1 px-4 pb-3 text-sm" data-testid="promotion-history">
          {events.map(([event, at]) => (
            <li key={event} className="flex justify-between gap-4">
              <span>{t(`promotions.events.${event.startsWith('status_') ? 'status_change' : event}`, { defaultValue: event })}</span>
              <time className="text-muted-foreground" dateTime={at}>
                {formatDateTime(at)}
              </time>
            </li>
          ))}
        </ul>
      </Collapsible.Content>
    </Collapsible.Root>
  );
}
