import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Plus, Search } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { searchCatalogueProducts } from '../api';

/** A row of the picker's search: the catalogue's, or a narrower call's (the sign editor's, without vendor codes). */
export interface PickerChoice {
  id: number;
  name: string;
  ean: string | number;
  vendor_code?: string | number;
}

/** Another search than the catalogue's (one a role without the catalogue may use), named for the query cache. */
export interface PickerSearch {
  key: string;
  fetch: (search: string, signal: AbortSignal) => Promise<PickerChoice[]>;
}

const CATALOGUE: PickerSearch = { key: 'catalogue', fetch: searchCatalogueProducts };

/** Searches the catalogue (or `source`) as the user types (debounced) and adds a product with a click. */
export function ProductPicker({
  exclude,
  busy,
  onPick,
  source = CATALOGUE,
}: {
  exclude: Set<number>;
  busy: boolean;
  onPick: (productId: number, name: string) => void;
  source?: PickerSearch;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), 300);
  const results = useQuery({
    queryKey: ['product-picker', source.key, search],
    queryFn: ({ signal }) => source.fetch(search, signal),
    staleTime: 30_000,
    enabled: search !== '',
  });
  const choices = (results.data ?? []).filter((p) => !exclude.has(p.id));

  return (
    <div className="grid gap-2">
      <div className="relative">
        <Search className="pointer-events-none absolute top-2.5 left-2.5 size-4 text-muted-foreground" />
        <Input
          type="search"
          value={text}
          maxLength={100}
          onChange={(e) => setText(e.target.value)}
          placeholder={t('design.search_products')}
          aria-label={t('design.search_products')}
          className="pl-8"
        />
      </div>
      {search !== '' && (
        <ul className="max-h-64 divide-y divide-border overflow-y-auto rounded-md border border-border text-sm" data-testid="product-picker-results">
          {results.isPending ? (
            <li className="px-3 py-2 text-muted-foreground">{t('common.load_data')}</li>
          ) : choices.length === 0 ? (
            <li className="px-3 py-2 text-muted-foreground">{t(results.data?.length ? 'design.all_in_brief' : 'design.no_products')}</li>
          ) : (
            choices.map((p) => (
              <li key={p.id} className="flex items-center justify-between gap-2 px-3 py-1.5" data-testid={`picker-product-${p.id}`}>
                <span className="min-w-0">
                  <span className="block truncate">{p.name}</span>
                  <span className="text-xs text-muted-foreground">
                    {p.ean}
                    {p.vendor_code !== undefined && ` · ${p.vendor_code}`}
                  </span>
                </span>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={busy}
                  aria-label={t('design.add_product', { name: p.name })}
                  onClick={() => {
                    onPick(p.id, p.name);
                    setText('');
                  }}
                >
                  <Plus /> {t('design.add')}
                </Button>
              </li>
            ))
          )}
        </ul>
      )}
    </div>
  );
}
