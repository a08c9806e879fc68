import { useTranslation } from 'react-i18next';
import { SKETCH_RATINGS } from '@promo/shared';
import { cn } from '@/lib/cn';
import { RATING_LABELS } from './labels';

const TONES: Record<number, string> = {
  1: 'border-orange-300 bg-orange-50 text-orange-800',
  2: 'border-red-300 bg-red-50 text-red-800',
  3: 'border-green-300 bg-green-50 text-green-800',
};

/** The rating of a sketch as a label (for roles that see ratings). */
export function RatingLabel({ rating }: { rating: number | null }) {
  const { t } = useTranslation();
  if (!rating || !RATING_LABELS[rating]) return null;
  return (
    <span className={cn('rounded border px-1.5 py-0.5 text-xs font-medium', TONES[rating])} data-testid="rating-label">
      {t(RATING_LABELS[rating])}
    </span>
  );
}

/** Three buttons to rate a sketch: reaction set, cancelled, approved (admin, cm, cm-admin). */
export function RatingControl({ rating, onRate, disabled }: { rating: number | null; onRate: (rating: number) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <div role="group" aria-label={t('chat.rate_sketch')} className="flex flex-wrap gap-1">
      {SKETCH_RATINGS.map((value) => (
        <button
          key={value}
          type="button"
          aria-pressed={rating === value}
          disabled={disabled}
          onClick={() => onRate(value)}
          className={cn(
            'cursor-pointer rounded border px-2 py-0.5 text-xs transition-colors disabled:opacity-50',
            rating === value ? TONES[value] : 'border-border bg-background hover:bg-accent',
          )}
        >
          {t(RATING_LABELS[value]!)}
        </button>
      ))}
    </div>
  );
}
