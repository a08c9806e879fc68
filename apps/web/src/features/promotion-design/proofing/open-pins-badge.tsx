import { useTranslation } from 'react-i18next';
import { MessageSquareDot } from 'lucide-react';

/** The open pins of a design (any file version), on its card and its page; nothing when none. */
export function OpenPinsBadge({ count }: { count: number }) {
  const { t } = useTranslation();
  if (!count) return null;
  return (
    <span className="inline-flex w-fit items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900" data-testid="open-pins-badge">
      <MessageSquareDot className="size-3.5" aria-hidden />
      {t('proofing.open_pins', { count })}
    </span>
  );
}
