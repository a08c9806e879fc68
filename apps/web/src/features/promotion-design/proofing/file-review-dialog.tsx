import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PIN_TEXT_MAX, type FilePin, type FileVersion } from '@promo/shared';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTitle } from '@/components/ui/dialog';
import { NativeSelect } from '@/components/ui/native-select';
import { Segmented } from '@/components/ui/segmented';
import { addPin, pinsQuery, proofingKeys, replyToPin, setPinStatus, versionsQuery, withPin, type PinPlacement } from './api';
import { PinList } from './pin-list';
import { PinnedFile } from './pinned-file';
import { PreflightBadge } from './preflight-badge';
import { VersionCompare } from './version-compare';
import { isPinnable, pinsOf, reviewedFile, sameKind, versionLabel } from './versions';

type Tab = 'pins' | 'compare';

/** The width the file is drawn at: the column's, at most 720 px. */
function useColumnWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(640);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(Math.max(240, Math.min(720, Math.floor(el.clientWidth)))));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/**
 * Reviewing the files of a design's chat (issue 14): one version with its numbered pins beside
 * it (click a point or drag an area to add one; answer, resolve, reopen), or two versions of the
 * same kind compared side by side or overlaid with a slider.
 */
export function FileReviewDialog({ chatId, messageId, onClose }: { chatId: number; messageId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const versions = useQuery({ ...versionsQuery(chatId), enabled: messageId !== null });
  const pins = useQuery({ ...pinsQuery(chatId), enabled: messageId !== null });
  const [chosen, setChosen] = useState<number | null>(null);
  const [tab, setTab] = useState<Tab>('pins');
  const [selected, setSelected] = useState<number | null>(null);
  const [draft, setDraft] = useState<PinPlacement | null>(null);
  const [text, setText] = useState('');
  const [column, width] = useColumnWidth();

  useEffect(() => {
    setChosen(messageId);
    setTab('pins');
    setSelected(null);
    setDraft(null);
    setText('');
  }, [messageId]);

  const pinnable = (versions.data ?? []).filter(isPinnable);
  const version: FileVersion | undefined = pinnable.find((v) => v.message_id === chosen) ?? pinnable.find((v) => v.message_id === messageId);
  const shownPins = pinsOf(pins.data, version);
  // Pins of the file's earlier versions stay open until someone resolves them there.
  const earlier = version
    ? sameKind(pinnable, version)
        .filter((v) => v.version < version.version)
        .flatMap((v) => pinsOf(pins.data, v).map((pin) => ({ pin, version: versionLabel(v, t), onShow: () => setChosen(v.message_id) })))
    : [];
  const put = (pin: FilePin) => queryClient.setQueryData<FilePin[]>(proofingKeys.pins(chatId), (list) => withPin(list, pin));

  const place = useMutation({
    mutationFn: () => addPin(chatId, version!.message_id, draft!, text.trim()),
    onSuccess: (pin) => {
      put(pin);
      setDraft(null);
      setText('');
      setSelected(pin.id);
    },
  });
  const reply = useMutation({ mutationFn: ({ pin, answer }: { pin: FilePin; answer: string }) => replyToPin(pin.id, answer), onSuccess: put });
  const status = useMutation({ mutationFn: ({ pin, to }: { pin: FilePin; to: FilePin['status'] }) => setPinStatus(pin.id, to), onSuccess: put });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (draft && text.trim() && version) place.mutate();
  };
  const file = version ? reviewedFile(version) : null;

  return (
    <Dialog open={messageId !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-6xl" data-testid="file-review">
        <DialogTitle>{version ? version.file_name : t('proofing.title')}</DialogTitle>
        {versions.isPending || pins.isPending ? (
          <p className="text-sm text-muted-foreground">{t('common.load_data')}</p>
        ) : !version || !file ? (
          <p className="text-sm text-muted-foreground">{t('proofing.not_found')}</p>
        ) : (
          <div className="grid gap-3">
            <div className="flex flex-wrap items-end gap-3">
              <label className="grid gap-1 text-sm">
                <span className="font-medium">{t('proofing.file')}</span>
                <NativeSelect
                  value={String(version.message_id)}
                  onChange={(e) => {
                    setChosen(Number(e.target.value));
                    setSelected(null);
                    setDraft(null);
                  }}
                  data-testid="review-version"
                >
                  {pinnable.map((v) => (
                    <option key={v.id} value={v.message_id}>
                      {versionLabel(v, t)} — {v.file_name}
                    </option>
                  ))}
                </NativeSelect>
              </label>
              {version.preflight && <PreflightBadge preflight={version.preflight} />}
              <Segmented
                kind="tablist"
                label={t('proofing.view')}
                options={(['pins', 'compare'] as const).map((k) => ({ value: k, label: t(`proofing.tab.${k}`) }))}
                value={tab}
                onChange={setTab}
                testId="review-tab"
              />
              {!version.current && <span className="text-sm text-muted-foreground">{t('proofing.previous_version')}</span>}
            </div>
            <div ref={column} className="min-w-0">
              {tab === 'compare' ? (
                <VersionCompare versions={pinnable} pins={pins.data} start={version} width={width} />
              ) : (
                <div className="grid items-start gap-4 lg:grid-cols-[auto_minmax(18rem,1fr)]">
                  <div className="grid gap-2">
                    <p className="text-xs text-muted-foreground">{t('proofing.place_hint')}</p>
                    <PinnedFile
                      file={file}
                      pins={shownPins}
                      selected={selected}
                      onSelect={setSelected}
                      onPlace={(p) => setDraft(p)}
                      draft={draft}
                      onMoveDraft={setDraft}
                      width={Math.min(width, 640)}
                    />
                  </div>
                  <div className="grid content-start gap-3">
                    {draft && (
                      <form onSubmit={submit} className="grid gap-2 rounded-md border border-amber-500 p-2" data-testid="new-pin">
                        <label htmlFor="new-pin-text" className="text-sm font-medium">
                          {t(draft.width ? 'proofing.new_area' : 'proofing.new_point')}
                        </label>
                        <textarea
                          id="new-pin-text"
                          value={text}
                          onChange={(e) => setText(e.target.value)}
                          maxLength={PIN_TEXT_MAX}
                          rows={3}
                          autoFocus
                          className="rounded-md border border-border bg-background px-2 py-1 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                        />
                        <div className="flex justify-end gap-2">
                          <Button type="button" variant="outline" size="sm" onClick={() => setDraft(null)}>
                            {t('common.cancel')}
                          </Button>
                          <Button type="submit" size="sm" disabled={!text.trim() || place.isPending}>
                            {t('proofing.save_pin')}
                          </Button>
                        </div>
                      </form>
                    )}
                    <PinList
                      pins={shownPins}
                      earlier={earlier}
                      selected={selected}
                      onSelect={setSelected}
                      onReply={(pin, answer) => reply.mutateAsync({ pin, answer })}
                      onStatus={(pin, to) => status.mutate({ pin, to })}
                      busy={reply.isPending || status.isPending}
                    />
                  </div>
                </div>
              )}
            </div>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
