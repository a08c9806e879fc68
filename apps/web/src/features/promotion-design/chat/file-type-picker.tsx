import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CHAT_FILE_TYPES, type ChatFileType } from '@promo/shared';
import { NativeSelect } from '@/components/ui/native-select';
import { isPrintFileBlocked } from './file-rules';
import { FILE_TYPE_LABELS } from './labels';

/** The type of an attached file: none, Sketch, HQ or LQ; HQ and LQ wait until the brief is done. */
export function FileTypePicker({
  value,
  onChange,
  designStatus,
  printFilesFixed,
}: {
  value: ChatFileType;
  onChange: (v: ChatFileType) => void;
  designStatus: string;
  /** Sent to printers: no new HQ file (decision 011). */
  printFilesFixed: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const blocked = isPrintFileBlocked('HQ', designStatus);
  return (
    <div className="grid gap-1">
      <div className="flex items-center gap-2">
        <label htmlFor={id} className="text-xs font-medium">
          {t('chat.file_type')}
        </label>
        <NativeSelect id={id} value={value} onChange={(e) => onChange(e.target.value as ChatFileType)} className="h-8">
          <option value="">{t(FILE_TYPE_LABELS[''])}</option>
          {CHAT_FILE_TYPES.map((type) => (
            <option key={type} value={type} disabled={isPrintFileBlocked(type, designStatus) || (printFilesFixed && type === 'HQ')}>
              {t(FILE_TYPE_LABELS[type])}
            </option>
          ))}
        </NativeSelect>
      </div>
      {blocked && <p className="text-xs text-muted-foreground">{t('chat.print_types_blocked')}</p>}
      {printFilesFixed && !blocked && (
        <p className="text-xs text-muted-foreground" data-testid="print-files-fixed">
          {t('chat.print_files_fixed')}
        </p>
      )}
    </div>
  );
}
