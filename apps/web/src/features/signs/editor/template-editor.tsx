import { useEffect, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isAxiosError } from 'axios';
import { Plus, Redo2, Save, Undo2 } from 'lucide-react';
import { fieldsOutsideSafeArea, SIGN_FIELD_KINDS, type SignFieldKind, type SignLayout, type SignTemplateData } from '@promo/shared';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { useMediaQuery } from '@/lib/use-media-query';
import { useSaveFeedback } from '@/lib/use-save-feedback';
import { checkTemplateBackground, previewTemplate, saveTemplate, signKeys } from '../api';
import { SignPreview, useSignPreview } from '../components/sign-preview';
import { backgroundRefusal } from './background-refusal';
import type { BackgroundRefusal } from './background-field';
import { FieldPanel } from './field-panel';
import { commit, historyKey, redo, seal, startHistory, undo } from './history';
import { canAddField, newField, updateField } from './layout-edit';
import { PageSettings } from './page-settings';
import { PreviewSignForm, type PreviewChoice } from './preview-sign-form';
import { SignCanvas } from './sign-canvas';
import { VersionList } from './version-list';
import { fieldNameMap, namedFields } from '../field-names';

/** Typing in an input undoes with the input's own undo; elsewhere Ctrl+Z is the editor's. */
const inTextInput = (el: EventTarget | null) => el instanceof HTMLElement && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));

export function TemplateEditor({ data, onReload }: { data: SignTemplateData; onReload: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const feedback = useSaveFeedback();
  // Below 768 px the page shows the preview only: a sign is not laid out with a thumb.
  const narrow = useMediaQuery('(max-width: 767.98px)');
  const [history, setHistory] = useState(() => startHistory<SignLayout>(data.layout));
  const [saved, setSaved] = useState({ version: data.version, layout: data.layout, versions: data.versions });
  const [selected, setSelected] = useState<string | null>(data.layout.fields[0]?.id ?? null);
  const [addKind, setAddKind] = useState<SignFieldKind>('text');
  const [conflict, setConflict] = useState(false);
  const [choice, setChoice] = useState<PreviewChoice>({ name: '', sign: { product_id: 0, price: '24,90', previous_price: '29,90', valid_to: '', texts: {} } });
  // The names of the background files this editor has seen, by id (undo may bring an earlier one back).
  const [fileNames, setFileNames] = useState<Record<number, string>>(() => (data.background ? { [data.background.file_id]: data.background.name } : {}));
  const [refusal, setRefusal] = useState<BackgroundRefusal | null>(null);
  // The background whose check answers last is the one picked last: an earlier pick's answer is dropped.
  const picked = useRef<number | null>(null);
  const checkPicked = async (next: SignLayout) => {
    picked.current = next.background_file_id;
    try {
      await checkTemplateBackground(data.design_id, next);
    } catch (err) {
      if (picked.current === next.background_file_id) setRefusal(backgroundRefusal(err, t));
    }
  };
  const layout = history.present;
  const dirty = layout !== saved.layout;
  const field = layout.fields.find((f) => f.id === selected) ?? null;

  const change = (next: SignLayout, mergeKey: string | null = null) => setHistory((h) => commit(h, next, mergeKey));

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const action = historyKey(e);
      if (!action || inTextInput(e.target)) return;
      e.preventDefault();
      setHistory((h) => (action === 'undo' ? undo(h) : redo(h)));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // Leaving with unsaved changes asks first (the browser's own question).
  useEffect(() => {
    if (!dirty) return;
    const onLeave = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', onLeave);
    return () => window.removeEventListener('beforeunload', onLeave);
  }, [dirty]);

  const preview = useSignPreview(choice.sign.product_id > 0 ? JSON.stringify([layout, choice.sign]) : null, (signal) =>
    previewTemplate(data.design_id, layout, choice.sign, signal),
  );

  const save = useMutation({
    mutationFn: () => saveTemplate(data.design_id, saved.version, layout),
    onSuccess: (res) => {
      feedback.success(res);
      setSaved({ version: res.data.version, layout, versions: res.data.versions ?? saved.versions });
      setHistory(seal);
      setRefusal(null);
      void queryClient.invalidateQueries({ queryKey: signKeys.templates });
    },
    onError: (err) => {
      if (isAxiosError(err) && err.response?.status === 409) return setConflict(true);
      setRefusal(backgroundRefusal(err, t));
      feedback.failure(err);
    },
  });

  const previewBlock = (
    <div className="grid items-start gap-4 md:grid-cols-2">
      <SignPreview data={preview.data} error={preview.error} busy={preview.busy} title={t('signs.preview_title', { name: data.name })} fieldNames={fieldNameMap(layout.fields, t)} />
      <PreviewSignForm value={choice} onChange={setChoice} />
    </div>
  );

  return (
    <>
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold">{data.name}</h1>
          <p className="text-sm text-muted-foreground" data-testid="template-version">
            {data.category.name} · {t('signs.version', { version: saved.version })} · {layout.width_mm} × {layout.height_mm} mm
            {dirty && ` · ${t('signs.unsaved')}`}
          </p>
        </div>
        {!narrow && (
          <div className="flex flex-wrap items-center gap-2">
            <Button variant="outline" size="icon" aria-label={t('signs.undo')} title={t('signs.undo')} disabled={history.past.length === 0} onClick={() => setHistory(undo)}>
              <Undo2 />
            </Button>
            <Button variant="outline" size="icon" aria-label={t('signs.redo')} title={t('signs.redo')} disabled={history.future.length === 0} onClick={() => setHistory(redo)}>
              <Redo2 />
            </Button>
            <Button disabled={!dirty || save.isPending} onClick={() => save.mutate()}>
              <Save /> {t('signs.save')}
            </Button>
          </div>
        )}
      </header>
      {narrow ? (
        <div data-testid="template-preview-only" className="grid gap-2">
          <p className="text-sm text-muted-foreground">{t('signs.narrow_preview_only')}</p>
          {previewBlock}
        </div>
      ) : (
        <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <div className="grid min-w-0 items-start gap-4">
            <div className="grid gap-2">
              <SignCanvas
                layout={layout}
                selected={selected}
                onSelect={setSelected}
                onChange={(id, box, key) => change(updateField(layout, id, box), key)}
                onGestureEnd={() => setHistory(seal)}
              />
              <p className="text-xs text-muted-foreground">{t('signs.canvas_hint')}</p>
            </div>
            {previewBlock}
          </div>
          <aside className="grid min-w-0 gap-4 rounded-md border border-border p-4" aria-label={t('signs.properties')}>
            <div className="flex flex-wrap items-end gap-2">
              <div className="grid flex-1 gap-1">
                <Label htmlFor="sign-add-kind">{t('signs.new_field_kind')}</Label>
                <NativeSelect id="sign-add-kind" value={addKind} onChange={(e) => setAddKind(e.target.value as SignFieldKind)}>
                  {SIGN_FIELD_KINDS.map((k) => (
                    <option key={k} value={k}>
                      {t(`signs.kinds.${k}`)}
                    </option>
                  ))}
                </NativeSelect>
              </div>
              <Button
                variant="outline"
                disabled={!canAddField(layout)}
                onClick={() => {
                  const f = newField(layout, addKind);
                  change({ ...layout, fields: [...layout.fields, f] });
                  setSelected(f.id);
                }}
              >
                <Plus /> {t('signs.add_field')}
              </Button>
            </div>
            {field ? (
              <FieldPanel
                field={field}
                outsideSafeArea={fieldsOutsideSafeArea(layout).includes(field.id)}
                name={namedFields(layout.fields, t).find((f) => f.id === field.id)!.name}
                page={layout}
                onChange={(c, key) => change(updateField(layout, field.id, c), key)}
                onRemove={() => {
                  change({ ...layout, fields: layout.fields.filter((f) => f.id !== field.id) });
                  setSelected(null);
                }}
              />
            ) : (
              <p className="text-sm text-muted-foreground">{t('signs.no_field_selected')}</p>
            )}
            <PageSettings
              layout={layout}
              backgroundName={layout.background_file_id === null ? '' : (fileNames[layout.background_file_id] ?? t('signs.file_number', { id: layout.background_file_id }))}
              backgroundRefusal={refusal}
              onChange={change}
              onBackground={(next) => {
                if (next) setFileNames((n) => ({ ...n, [next.file_id]: next.name }));
                setRefusal(null);
                const withBackground = { ...layout, background_file_id: next?.file_id ?? null };
                change(withBackground);
                picked.current = null;
                if (next) void checkPicked(withBackground);
              }}
            />
            <VersionList versions={saved.versions} current={saved.version} />
          </aside>
        </div>
      )}
      <ConfirmDialog
        open={conflict}
        onOpenChange={setConflict}
        title={t('signs.conflict_title')}
        description={t('signs.conflict_text')}
        confirmLabel={t('signs.conflict_reload')}
        confirmVariant="default"
        onConfirm={() => {
          setConflict(false);
          onReload();
        }}
      />
    </>
  );
}
