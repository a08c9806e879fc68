import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FilePin, FileVersion } from '@promo/shared';
import { NativeSelect } from '@/components/ui/native-select';
import { Segmented } from '@/components/ui/segmented';
import { PinnedFile } from './pinned-file';
import { pinsOf, reviewedFile, sameType, versionLabel } from './versions';

type Mode = 'side' | 'overlay';

/**
 * Two versions of one type of file (an HQ image and the HQ PDF that replaced it alike): side by
 * side, or one over the other with a slider that uncovers the second from the left. Each shows its
 * own pins.
 */
export function VersionCompare({ versions, pins, start, width }: { versions: FileVersion[]; pins: FilePin[] | undefined; start: FileVersion; width: number }) {
  const { t } = useTranslation();
  const type = sameType(versions, start);
  const before = type.filter((v) => v.version < start.version).at(-1);
  const [leftId, setLeftId] = useState(before?.id ?? type[0]?.id ?? start.id);
  const [rightId, setRightId] = useState(start.id);
  const [mode, setMode] = useState<Mode>('side');
  const [reveal, setReveal] = useState(50);
  const left = type.find((v) => v.id === leftId) ?? start;
  const right = type.find((v) => v.id === rightId) ?? start;
  if (type.length < 2) return <p className="text-sm text-muted-foreground">{t('proofing.one_version')}</p>;

  const picker = (label: string, value: number, onChange: (id: number) => void, testId: string) => (
    <label className="grid gap-1 text-sm">
      <span className="font-medium">{label}</span>
      <NativeSelect value={String(value)} onChange={(e) => onChange(Number(e.target.value))} data-testid={testId}>
        {type.map((v) => (
          <option key={v.id} value={v.id}>
            {versionLabel(v, t)}
          </option>
        ))}
      </NativeSelect>
    </label>
  );
  const half = Math.floor((width - 16) / 2);
  const leftFile = reviewedFile(left)!;
  const rightFile = reviewedFile(right)!;

  return (
    <div className="grid gap-3" data-testid="version-compare" data-mode={mode}>
      <div className="flex flex-wrap items-end gap-3">
        {picker(t('proofing.compare_left'), left.id, setLeftId, 'compare-left')}
        {picker(t('proofing.compare_right'), right.id, setRightId, 'compare-right')}
        <Segmented
          kind="radiogroup"
          label={t('proofing.compare_mode')}
          options={(['side', 'overlay'] as const).map((m) => ({ value: m, label: t(`proofing.mode.${m}`) }))}
          value={mode}
          onChange={setMode}
        />
      </div>
      {mode === 'side' ? (
        <div className="flex flex-wrap items-start gap-4">
          {[left, right].map((v, i) => (
            <figure key={`${i}-${v.id}`} className="grid gap-1">
              <figcaption className="text-xs font-medium text-muted-foreground">{versionLabel(v, t)}</figcaption>
              <PinnedFile file={reviewedFile(v)!} pins={pinsOf(pins, v)} selected={null} onSelect={() => {}} width={half} />
            </figure>
          ))}
        </div>
      ) : (
        <div className="grid gap-2">
          <div className="relative w-fit" data-testid="compare-overlay">
            <PinnedFile file={leftFile} pins={pinsOf(pins, left)} selected={null} onSelect={() => {}} width={width} />
            <div className="absolute inset-0" style={{ clipPath: `inset(0 ${100 - reveal}% 0 0)` }} data-testid="compare-top">
              <PinnedFile file={rightFile} pins={pinsOf(pins, right)} selected={null} onSelect={() => {}} width={width} />
            </div>
            <span aria-hidden className="pointer-events-none absolute inset-y-0 w-0.5 bg-primary" style={{ left: `${reveal}%` }} />
          </div>
          <label className="flex items-center gap-3 text-sm">
            <span className="shrink-0">{t('proofing.slider', { left: versionLabel(left, t), right: versionLabel(right, t) })}</span>
            <input
              type="range"
              min={0}
              max={100}
              value={reveal}
              onChange={(e) => setReveal(Number(e.target.value))}
              className="w-full"
              data-testid="compare-slider"
            />
          </label>
        </div>
      )}
    </div>
  );
}
