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

/** HQ and LQ are print files: not while the design is still Created or Brief. */
export const isPrintFileBlocked = (type: ChatFileType, designStatus: string) =>
  (type === 'HQ' || type === 'LQ') && (NO_PRINT_FILE_STATUSES as readonly string[]).includes(designStatus);

/** Sent to printers, a live HQ file is what they print: it stays (decision 011). */
export const isFixedPrintFile = (m: ChatMessage, printFilesFixed: boolean) => printFilesFixed && m.type_file === 'HQ' && !!m.url_file;

/** The live file of this type (Sketch, HQ, LQ) that a new one replaces, image or document (decision 030). */
export function replacedBy(messages: ChatMessage[], type: ChatFileType): ChatMessage | undefined {
  if (!type) return undefined;
  return messages.find((m) => !m.delete_message && m.type_file === type);
}
