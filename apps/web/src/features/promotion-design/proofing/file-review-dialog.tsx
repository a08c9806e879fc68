import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PIN_TEXT_MAX, type FilePin, type FileVersion } from '@promo/shared';
import { Layers, MessageSquare } from 'lucide-react';
import { BottomSheet } from '@/components/ui/bottom-sheet';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTitle } from '@/components/ui/dialog';
import { NativeSelect } from '@/components/ui/native-select';
import { Segmented } from '@/components/ui/segmented';
import { cn } from '@/lib/cn';
import { usePhone } from '@/lib/use-media-query';
import { addPin, pinsQuery, proofingKeys, replyToPin, setPinStatus, versionsQuery, withPin, type PinPlacement } from './api';
import { PinList } from './pin-list';
import { PinnedFile } from './pinned-file';
import { PreflightBadge } from './preflight-badge';
import { VersionCompare } from './version-compare';
import { isPinnable, pinsOf, reviewedFile, sameType, versionLabel } from './versions';
import { ZoomableFile, type ZoomControl } from './zoomable-file';

type Tab = 'pins' | 'compare';

/** On a phone the review takes the whole screen (issue 21). */
const FULL_SCREEN_ON_PHONE =
  'max-sm:grid-rows-[auto_1fr] max-sm:top-0 max-sm:left-0 max-sm:h-dvh max-sm:max-h-none max-sm:w-full max-sm:max-w-none max-sm:translate-x-0 max-sm:translate-y-0 max-sm:rounded-none max-sm:border-0 max-sm:p-3';

/**
 * The width the file is drawn at: the column's, at most 720 px (at zoom 1 on a phone). A callback
 * ref, so the column is measured whenever it appears (the dialog opens after the page mounted).
 */
function useColumnWidth() {
  const [width, setWidth] = useState(640);
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback((el: HTMLDivElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const measure = () => setWidth(Math.max(240, Math.min(720, Math.floor(el.clientWidth))));
    measure();
    observer.current = new ResizeObserver(measure);
    observer.current.observe(el);
  }, []);
  return [ref, width] as const;
}

/**
 * Reviewing the files of a design's chat (issue 14): one version with its numbered pins beside
 * it (click a point or drag an area to add one; answer, resolve, reopen), or two versions of the
 * same type compared side by side or overlaid with a slider. On a phone (issue 21) it fills the
 * screen: the file zooms by pinch, double tap or buttons, a tap places a point, and the version,
 * the pins and a new pin's text come up as bottom sheets.
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
  const phone = usePhone();
  /** The phone's bottom sheet that is open: the version and view, or the pins. */
  const [sheet, setSheet] = useState<'versions' | 'pins' | null>(null);

  useEffect(() => {
    setChosen(messageId);
    setTab('pins');
    setSelected(null);
    setDraft(null);
    setText('');
    setSheet(null);
  }, [messageId]);

  const pinnable = (versions.data ?? []).filter(isPinnable);
  const version: FileVersion | undefined = pinnable.find((v) => v.message_id === chosen) ?? pinnable.find((v) => v.message_id === messageId);
  const shownPins = pinsOf(pins.data, version);
  // Pins of the file's earlier versions stay open until someone resolves them there.
  const earlier = version
    ? sameType(pinnable, version)
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
  const openPins = shownPins.filter((p) => p.status === 'open').length;

  const controls = version && (
    <div className="flex flex-wrap items-end gap-3">
      <label className="grid min-w-0 gap-1 text-sm max-sm:w-full">
        <span className="font-medium">{t('proofing.file')}</span>
        <NativeSelect
          value={String(version.message_id)}
          onChange={(e) => {
            setChosen(Number(e.target.value));
            setSelected(null);
            setDraft(null);
          }}
          data-testid="review-version"
          className="max-sm:h-11 max-sm:w-full max-sm:min-w-0"
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
  );
  const draftForm = draft && (
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
        <Button type="button" variant="outline" size="sm" className="max-sm:h-11 max-sm:px-4" onClick={() => setDraft(null)}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" size="sm" className="max-sm:h-11 max-sm:px-4" disabled={!text.trim() || place.isPending}>
          {t('proofing.save_pin')}
        </Button>
      </div>
    </form>
  );
  const pinList = (
    <PinList
      pins={shownPins}
      earlier={earlier}
      selected={selected}
      onSelect={setSelected}
      onReply={(pin, answer) => reply.mutateAsync({ pin, answer })}
      onStatus={(pin, to) => status.mutate({ pin, to })}
      busy={reply.isPending || status.isPending}
    />
  );
  const pinnedFile = (fileWidth: number, zoom?: ZoomControl) =>
    file && (
      <PinnedFile
        file={file}
        pins={shownPins}
        selected={selected}
        onSelect={(id) => {
          setSelected(id);
          if (phone) setSheet('pins');
        }}
        onPlace={(p) => setDraft(p)}
        draft={draft}
        onMoveDraft={setDraft}
        width={fileWidth}
        zoom={zoom}
      />
    );

  return (
    <Dialog open={messageId !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className={cn('max-w-6xl', FULL_SCREEN_ON_PHONE)} data-testid="file-review">
        <DialogTitle className="max-sm:truncate max-sm:pr-8">{version ? version.file_name : t('proofing.title')}</DialogTitle>
        {versions.isPending || pins.isPending ? (
          <p className="text-sm text-muted-foreground">{t('common.load_data')}</p>
        ) : !version || !file ? (
          <p className="text-sm text-muted-foreground">{t('proofing.not_found')}</p>
        ) : phone ? (
          <div className="grid min-h-0 grid-rows-[1fr_auto] gap-3">
            <div ref={column} className="min-h-0 min-w-0">
              {tab === 'compare' ? (
                <VersionCompare versions={pinnable} pins={pins.data} start={version} width={width} />
              ) : (
                <>
                  <p className="mb-2 text-xs text-muted-foreground">{t('proofing.phone.place_hint')}</p>
                  <ZoomableFile width={width} render={pinnedFile} />
                </>
              )}
            </div>
            <div className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-2 border-t border-border bg-background pt-3 pb-[env(safe-area-inset-bottom)]" data-testid="review-bottom-bar">
              <Button variant="outline" className="h-11 min-w-0" aria-label={`${t('proofing.file')}: ${versionLabel(version, t)}`} onClick={() => setSheet('versions')}>
                <Layers /> <span className="truncate">{t('proofing.version', { number: version.version })}</span>
              </Button>
              <Button variant="outline" className="h-11 min-w-0" onClick={() => setSheet('pins')}>
                <MessageSquare /> <span className="truncate">{t('proofing.phone.pins_button', { count: openPins })}</span>
              </Button>
            </div>
            <BottomSheet open={sheet === 'versions'} onOpenChange={(open) => !open && setSheet(null)} title={t('proofing.file')} testId="versions-sheet">
              {controls}
            </BottomSheet>
            <BottomSheet open={sheet === 'pins'} onOpenChange={(open) => !open && setSheet(null)} title={t('proofing.pins')} testId="pins-sheet">
              {pinList}
            </BottomSheet>
            <BottomSheet open={!!draft} onOpenChange={(open) => !open && setDraft(null)} title={t(draft?.width ? 'proofing.new_area' : 'proofing.new_point')} testId="new-pin-sheet">
              {draftForm}
            </BottomSheet>
          </div>
        ) : (
          <div className="grid gap-3">
            {controls}
            <div ref={column} className="min-w-0">
              {tab === 'compare' ? (
                <VersionCompare versions={pinnable} pins={pins.data} start={version} width={width} />
              ) : (
                <div className="grid items-start gap-4 lg:grid-cols-[auto_minmax(18rem,1fr)]">
                  <div className="grid gap-2">
                    <p className="text-xs text-muted-foreground">{t('proofing.place_hint')}</p>
                    {pinnedFile(Math.min(width, 640))}
                  </div>
                  <div className="grid content-start gap-3">
                    {draftForm}
                    {pinList}
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
