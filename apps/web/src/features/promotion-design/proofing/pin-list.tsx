import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckCircle2, RotateCcw } from 'lucide-react';
import { PIN_TEXT_MAX, type FilePin } from '@promo/shared';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';

/** A pin of an earlier version of the same file, named by its version, with the way to it. */
export interface EarlierPin {
  pin: FilePin;
  version: string;
  onShow: () => void;
}

interface Props {
  pins: FilePin[];
  /** Pins on earlier versions of this file: they survive a replacement, listed apart. */
  earlier?: EarlierPin[];
  selected: number | null;
  onSelect: (pinId: number) => void;
  onReply: (pin: FilePin, text: string) => Promise<unknown>;
  onStatus: (pin: FilePin, status: FilePin['status']) => void;
  busy: boolean;
}

/** The pins of a file beside it: number, state, comment, answers; answer, resolve and reopen. */
export function PinList({ pins, earlier = [], selected, onSelect, onReply, onStatus, busy }: Props) {
  const { t } = useTranslation();
  const open = pins.filter((p) => p.status === 'open').length;
  const earlierOpen = earlier.filter((e) => e.pin.status === 'open');
  return (
    <section className="grid content-start gap-2" aria-label={t('proofing.pins')} data-testid="pin-list">
      <h3 className="text-sm font-semibold">
        {t('proofing.pins')} · {t('proofing.open_count', { count: open })}
      </h3>
      {pins.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('proofing.no_pins')}</p>
      ) : (
        <ol className="grid gap-2">
          {pins.map((pin) => (
            <PinItem key={pin.id} pin={pin} selected={pin.id === selected} onSelect={() => onSelect(pin.id)} onReply={onReply} onStatus={onStatus} busy={busy} />
          ))}
        </ol>
      )}
      {earlierOpen.length > 0 && (
        <section className="grid gap-1 border-t border-border pt-2" aria-label={t('proofing.on_previous_versions')} data-testid="earlier-pins">
          <h4 className="text-xs font-semibold text-muted-foreground">{t('proofing.on_previous_versions')}</h4>
          <ul className="grid gap-1">
            {earlierOpen.map(({ pin, version, onShow }) => (
              <li key={pin.id} className="flex items-center gap-2 text-sm" data-testid="earlier-pin">
                <span className="flex size-5 shrink-0 items-center justify-center rounded-full bg-amber-700 text-[10px] font-bold text-white">{pin.number}</span>
                <span className="min-w-0 flex-1 truncate" title={pin.text}>
                  {pin.text}
                </span>
                <Button size="sm" variant="ghost" onClick={onShow}>
                  {version}
                </Button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </section>
  );
}

function PinItem({ pin, selected, onSelect, onReply, onStatus, busy }: { pin: FilePin; selected: boolean; onSelect: () => void } & Pick<Props, 'onReply' | 'onStatus' | 'busy'>) {
  const { t } = useTranslation();
  const item = useRef<HTMLLIElement>(null);
  const [answer, setAnswer] = useState('');
  const resolved = pin.status === 'resolved';
  useEffect(() => {
    if (selected) item.current?.scrollIntoView({ block: 'nearest' });
  }, [selected]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!answer.trim()) return;
    // A refusal shows in the error toast and the answer stays to be corrected: not an unhandled rejection.
    void onReply(pin, answer.trim()).then(
      () => setAnswer(''),
      () => {},
    );
  };
  return (
    <li
      ref={item}
      className={cn('grid gap-1 rounded-md border p-2 text-sm', selected ? 'border-primary bg-primary/5' : 'border-border')}
      data-testid="pin-item"
      data-pin-number={pin.number}
      data-status={pin.status}
    >
      <div className="flex items-start gap-2">
        <button
          type="button"
          onClick={onSelect}
          aria-label={t('proofing.show_pin', { number: pin.number })}
          className={cn('flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-bold text-white', resolved ? 'bg-emerald-700' : 'bg-amber-700')}
        >
          {pin.number}
        </button>
        <div className="grid min-w-0 flex-1 gap-0.5">
          <p className="break-words whitespace-pre-wrap" data-testid="pin-text">
            {pin.text}
          </p>
          <p className="text-xs text-muted-foreground">
            {pin.author_name} · <time dateTime={pin.create_date}>{formatDateTime(pin.create_date)}</time> ·{' '}
            <span data-testid="pin-status">{t(`proofing.status.${pin.status}`)}</span>
            {resolved && pin.resolved_by_name && ` (${pin.resolved_by_name})`}
          </p>
        </div>
        <Button
          size="sm"
          variant="outline"
          disabled={busy}
          onClick={() => onStatus(pin, resolved ? 'open' : 'resolved')}
          data-testid={resolved ? 'pin-reopen' : 'pin-resolve'}
        >
          {resolved ? <RotateCcw /> : <CheckCircle2 />}
          {t(resolved ? 'proofing.reopen' : 'proofing.resolve')}
        </Button>
      </div>
      {pin.replies.length > 0 && (
        <ul className="ml-8 grid gap-1 border-l border-border pl-2" aria-label={t('proofing.replies')}>
          {pin.replies.map((r) => (
            <li key={r.id} data-testid="pin-reply">
              <p className="break-words whitespace-pre-wrap">{r.text}</p>
              <p className="text-xs text-muted-foreground">
                {r.author_name} · <time dateTime={r.create_date}>{formatDateTime(r.create_date)}</time>
              </p>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submit} className="ml-8 flex gap-2">
        <Input
          value={answer}
          onChange={(e) => setAnswer(e.target.value)}
          maxLength={PIN_TEXT_MAX}
          aria-label={t('proofing.reply_to', { number: pin.number })}
          placeholder={t('proofing.reply_placeholder')}
          className="h-8"
        />
        <Button type="submit" size="sm" variant="secondary" disabled={busy || !answer.trim()}>
          {t('proofing.reply')}
        </Button>
      </form>
    </li>
  );
}
