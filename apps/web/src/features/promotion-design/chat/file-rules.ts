import {
  DOCUMENT_EXTENSIONS,
  IMAGE_EXTENSIONS,
  isDocumentName,
  isImageName,
  NO_PRINT_FILE_STATUSES,
  type ChatFileType,
  type ChatMessage,
} from '@promo/shared';

/** What the file picker offers: the allowed image and document extensions (spec 001 §5). */
export const ACCEPTED_EXTENSIONS = [...IMAGE_EXTENSIONS, ...DOCUMENT_EXTENSIONS].map((e) => `.${e}`).join(',');

export const isAllowedAttachment = (name: string) => isImageName(name) || isDocumentName(name);

export const extensionKind = (name: string): 'image' | 'document' => (isImageName(name) ? 'image' : 'document');

/** HQ and LQ are print files: not while the design is still Created or Brief. */
export const isPrintFileBlocked = (type: ChatFileType, designStatus: string) =>
  (type === 'HQ' || type === 'LQ') && (NO_PRINT_FILE_STATUSES as readonly string[]).includes(designStatus);

/** Sent to printers, a live HQ file is what they print: it stays (decision 011). */
export const isFixedPrintFile = (m: ChatMessage, printFilesFixed: boolean) => printFilesFixed && m.type_file === 'HQ' && !!m.url_file;

/** The live message an HQ or LQ file of this kind would replace (the server marks it removed). */
export function replacedBy(messages: ChatMessage[], type: ChatFileType, fileName: string): ChatMessage | undefined {
  if (type !== 'HQ' && type !== 'LQ') return undefined;
  const kind = extensionKind(fileName);
  return messages.find((m) => !m.delete_message && m.type_file === type && m.type_extension === kind);
}
