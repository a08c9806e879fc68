import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isAxiosError } from 'axios';
import { FileCheck2, ListPlus, Save, ScanSearch } from 'lucide-react';
import type { SignProblem, SignSetData } from '@promo/shared';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { errorLines, type ApiErrorBody } from '@/lib/error-catalogue';
import { formatDateTime } from '@/lib/format';
import { useSaveFeedback } from '@/lib/use-save-feedback';
import { ProductPicker } from '@/features/promotion-design/components/product-picker';
import { chatKey } from '@/features/promotion-design/chat/chat-cache';
import { generateSigns, previewSign, saveSigns, signKeys, signSetQuery, type SignDraft } from '../api';
import { SignPreview, useSignPreview } from '../components/sign-preview';
import { namedFields } from '../field-names';
import { draftOf, errorsBySign, withProducts } from './sign-drafts';
import { SignRowEditor } from './sign-row';

export interface BriefProductName {
  id: number;
  name: string;
}

/**
 * The Signs panel of a design made from a template (nothing for other designs): one sign per
 * product with its campaign price, previous price, validity and editable texts; a preview of one
 * sign, a check of all of them, save, and generate (the HQ file then comes in the design's chat).
 */
export default function SignsPanel({ psdId, chatId, briefProducts }: { psdId: number; chatId: number; briefProducts: BriefProductName[] }) {
  const query = useQuery(signSetQuery(psdId));
  if (!query.data) return null;
  return <SignsEditor data={query.data} psdId={psdId} chatId={chatId} briefProducts={briefProducts} />;
}

function SignsEditor({ data, psdId, chatId, briefProducts }: { data: SignSetData; psdId: number; chatId: number; briefProducts: BriefProductName[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const feedback = useSaveFeedback();
  const [drafts, setDrafts] = useState<SignDraft[]>(() => data.signs.map(draftOf));
  const [savedText, setSavedText] = useState(() => JSON.stringify(data.signs.map(draftOf)));
  const [names, setNames] = useState(() => new Map([...briefProducts, ...data.signs.map((s) => s.product)].map((p) => [p.id, p.name])));
  const [errors, setErrors] = useState(() => new Map<number, Record<string, string>>());
  const [problems, setProblems] = useState(() => new Map<number, SignProblem[]>());
  const [selected, setSelected] = useState(0);
  const [checking, setChecking] = useState<number | null>(null);
  const named = namedFields(data.template.layout.fields, t);
  const fields = named.filter((f) => !f.locked);
  const fieldNames = new Map(named.map((f) => [f.id, f.name]));
  const editable = data.may_edit;
  const dirty = JSON.stringify(drafts) !== savedText;
  const current = drafts[selected] ?? null;

  const preview = useSignPreview(current ? JSON.stringify(current) : null, (signal) =>
    previewSign(psdId, current!, signal).then((res) => {
      setProblems((m) => new Map(m).set(selected, res.data.problems));
      return res;
    }),
  );

  const setDraft = (i: number, next: SignDraft) => setDrafts((list) => list.map((d, j) => (j === i ? next : d)));
  const add = (items: BriefProductName[]) => {
    setNames((m) => new Map([...m, ...items.map((p) => [p.id, p.name] as const)]));
    setDrafts((list) => withProducts(list, items.map((p) => p.id)));
  };
  const remove = (i: number) => {
    setDrafts((list) => list.filter((_, j) => j !== i));
    // Indexes after it move up: what was found for them no longer lines up.
    setErrors(new Map());
    setProblems(new Map());
    setSelected((s) => (s > i ? s - 1 : s === i ? 0 : s));
  };
  const stored = (res: { data: SignSetData }) => {
    const list = res.data.signs.map(draftOf);
    setDrafts(list);
    setSavedText(JSON.stringify(list));
    setErrors(new Map());
    queryClient.setQueryData(signKeys.set(psdId), res.data);
  };
  const refused = (err: unknown) => {
    feedback.failure(err);
    if (isAxiosError<ApiErrorBody>(err)) setErrors(errorsBySign(err.response?.data?.errors));
  };

  const save = useMutation({ mutationFn: () => saveSigns(psdId, drafts), onSuccess: (res) => (feedback.success(res), stored(res)), onError: refused });
  const generate = useMutation({
    mutationFn: () => generateSigns(psdId),
    // The answer is the chat message with the file; the set's 'generated' is read again.
    onSuccess: (res) => {
      feedback.success(res);
      setErrors(new Map());
      void queryClient.invalidateQueries({ queryKey: signKeys.set(psdId) });
      void queryClient.invalidateQueries({ queryKey: chatKey(chatId) });
    },
    onError: refused,
  });

  /** Draws every sign once, two at a time, and marks those that do not fit. */
  const checkAll = async () => {
    const found = new Map<number, SignProblem[]>();
    let next = 0;
    setChecking(0);
    const worker = async () => {
      while (next < drafts.length) {
        const i = next++;
        try {
          found.set(i, (await previewSign(psdId, drafts[i]!)).data.problems);
        } catch (err) {
          if (isAxiosError<ApiErrorBody>(err)) toast({ variant: 'destructive', title: t('errors.error_action'), description: errorLines(err.response?.data, t) });
          found.set(i, []);
        }
        setChecking(found.size);
      }
    };
    await Promise.all([worker(), worker()]);
    setProblems(found);
    setChecking(null);
    const bad = [...found.values()].filter((p) => p.length > 0).length;
    toast({ title: bad ? t('signs.check_bad', { count: bad }) : t('signs.check_good', { count: drafts.length }), variant: bad ? 'destructive' : undefined });
  };

  const briefMissing = briefProducts.filter((p) => !drafts.some((d) => d.product_id === p.id));
  const generated = data.generated;

  return (
    <section className="grid gap-3 rounded-md border border-border bg-background p-4" data-testid="signs-panel" aria-labelledby="signs-panel-title">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid gap-0.5">
          <h2 id="signs-panel-title" className="text-lg font-semibold">
            {t('signs.panel_title', { count: drafts.length })}
          </h2>
          <p className="text-sm text-muted-foreground">
            {t('signs.from_template', { name: data.template.name, version: data.template.version })}
            {data.template.current_version > data.template.version && ` · ${t('signs.newer_template', { version: data.template.current_version })}`}
          </p>
          {generated && (
            <p className="text-sm" data-testid="signs-generated">
              {t('signs.generated_label', { version: generated.template_version, count: generated.signs })} · {formatDateTime(generated.create_date)}
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" disabled={drafts.length === 0 || checking !== null} onClick={() => void checkAll()}>
            <ScanSearch /> {checking !== null ? t('signs.checking', { done: checking, total: drafts.length }) : t('signs.check_all')}
          </Button>
          {editable && (
            <>
              <Button variant="outline" disabled={!dirty || save.isPending} onClick={() => save.mutate()}>
                <Save /> {t('signs.save_signs')}
              </Button>
              <Button disabled={dirty || drafts.length === 0 || generate.isPending} onClick={() => generate.mutate()} title={dirty ? t('signs.save_first') : undefined}>
                <FileCheck2 /> {generate.isPending ? t('signs.generating') : t('signs.generate')}
              </Button>
            </>
          )}
        </div>
      </header>
      {editable && (
        <div className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start">
          <ProductPicker exclude={new Set(drafts.map((d) => d.product_id))} busy={false} onPick={(id, name) => add([{ id, name }])} />
          <Button variant="outline" disabled={briefMissing.length === 0} onClick={() => add(briefMissing)}>
            <ListPlus /> {t('signs.add_brief_products', { count: briefMissing.length })}
          </Button>
        </div>
      )}
      {errors.get(-1) && (
        <p role="alert" className="text-sm text-destructive">
          {Object.values(errors.get(-1)!).map((k) => t(`validation.${k}`, { defaultValue: k })).join(' ')}
        </p>
      )}
      <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
        {drafts.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('signs.no_signs')}</p>
        ) : (
          <ol className="grid max-h-[80vh] gap-2 overflow-y-auto" aria-label={t('signs.list_label')} data-testid="sign-list">
            {drafts.map((d, i) => (
              <SignRowEditor
                key={d.product_id}
                index={i}
                name={names.get(d.product_id) ?? t('signs.product_number', { id: d.product_id })}
                draft={d}
                fields={fields}
                fieldNames={fieldNames}
                errors={errors.get(i)}
                problems={problems.get(i)}
                previewing={i === selected}
                editable={editable}
                onChange={(next) => setDraft(i, next)}
                onPreview={() => setSelected(i)}
                onRemove={() => remove(i)}
              />
            ))}
          </ol>
        )}
        {current && (
          <div className="grid gap-2 lg:sticky lg:top-4">
            <h3 className="text-sm font-medium">{t('signs.preview_of', { n: selected + 1, name: names.get(current.product_id) ?? '' })}</h3>
            <SignPreview data={preview.data} error={preview.error} busy={preview.busy} title={t('signs.preview_of', { n: selected + 1, name: names.get(current.product_id) ?? '' })} fieldNames={fieldNames} />
          </div>
        )}
      </div>
    </section>
  );
}
