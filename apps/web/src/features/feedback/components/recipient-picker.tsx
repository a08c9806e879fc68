import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDown, Search } from 'lucide-react';
import type { FeedbackUserOption } from '@promo/shared';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { filterUsers } from '../api';

/**
 * A searchable dropdown of users (spec 001 §2.15): typing filters the names case-insensitively,
 * 'not found' when nothing matches; a click, or the arrow keys and Enter, choose one.
 */
export function RecipientPicker({
  id,
  users,
  value,
  onChange,
  onBlur,
  invalid,
  loading,
}: {
  id: string;
  users: FeedbackUserOption[];
  /** The chosen user's id as text, '' for none. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  invalid?: boolean;
  loading?: boolean;
}) {
  const { t } = useTranslation();
  const listId = useId();
  const chosen = users.find((u) => String(u.id) === value) ?? null;
  const [text, setText] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const wrapper = useRef<HTMLDivElement>(null);
  // While the list is closed the input shows the chosen name; typing searches.
  const shown = text ?? chosen?.name ?? '';
  const matches = useMemo(() => filterUsers(users, text ?? ''), [users, text]);

  const choose = (user: FeedbackUserOption) => {
    onChange(String(user.id));
    setText(null);
    setOpen(false);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) return setOpen(true);
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (matches.length ? (i + step + matches.length) % matches.length : 0));
    } else if (e.key === 'Enter') {
      if (open && matches[active]) {
        e.preventDefault();
        choose(matches[active]);
      }
    } else if (e.key === 'Escape') {
      setOpen(false);
      setText(null);
    }
  };

  return (
    <div
      ref={wrapper}
      className="relative"
      onBlur={(e) => {
        if (wrapper.current?.contains(e.relatedTarget as Node | null)) return;
        setOpen(false);
        setText(null);
        onBlur?.();
      }}
    >
      <Search className="pointer-events-none absolute top-2.5 left-2.5 size-4 text-muted-foreground" />
      <Input
        id={id}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-invalid={invalid}
        aria-activedescendant={open && matches[active] ? `${listId}-${matches[active].id}` : undefined}
        autoComplete="off"
        className="pr-8 pl-8"
        placeholder={t('feedback.create.recipient_placeholder')}
        value={shown}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onChange={(e) => {
          setText(e.target.value);
          setActive(0);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
      />
      <ChevronDown className="pointer-events-none absolute top-2.5 right-2.5 size-4 text-muted-foreground" />
      {open && (
        <ul
          id={listId}
          role="listbox"
          aria-label={t('feedback.fields.recipient')}
          className="absolute z-40 mt-1 max-h-64 w-full overflow-y-auto rounded-md border border-border bg-background py-1 text-sm shadow-md"
        >
          {loading ? (
            <li className="px-3 py-2 text-muted-foreground">{t('feedback.load_data')}</li>
          ) : matches.length === 0 ? (
            <li className="px-3 py-2 text-muted-foreground" data-testid="recipient-not-found">
              {t('feedback.create.not_found')}
            </li>
          ) : (
            matches.map((u, i) => (
              <li
                key={u.id}
                id={`${listId}-${u.id}`}
                role="option"
                aria-selected={String(u.id) === value}
                tabIndex={-1}
                className={cn('cursor-pointer px-3 py-1.5', i === active && 'bg-accent', String(u.id) === value && 'font-medium')}
                onMouseDown={(e) => e.preventDefault()}
                onMouseEnter={() => setActive(i)}
                onClick={() => choose(u)}
              >
                {u.name}
              </li>
            ))
          )}
        </ul>
      )}
    </div>
  );
}
