import { queryOptions } from '@tanstack/react-query';
import { proofing, type FilePin, type FileVersion } from '@promo/shared';
import { call } from '@/lib/api-client';

export const proofingKeys = {
  pins: (chatId: number) => ['proofing', 'pins', chatId] as const,
  versions: (chatId: number) => ['proofing', 'versions', chatId] as const,
};

/** Every pin of the design's chat; live events keep it fresh. */
export const pinsQuery = (chatId: number) =>
  queryOptions({
    queryKey: proofingKeys.pins(chatId),
    queryFn: async ({ signal }) => {
      const res = await call<{ pins: FilePin[] }>(proofing.pins, { query: { chat_id: chatId } }, { silent: true, signal });
      if (!Array.isArray(res.data?.pins)) throw new Error('Unexpected data format');
      return res.data.pins;
    },
    staleTime: Infinity,
  });

/** The file versions of the design's chat, oldest first within each type. */
export const versionsQuery = (chatId: number) =>
  queryOptions({
    queryKey: proofingKeys.versions(chatId),
    queryFn: async ({ signal }) => {
      const res = await call<{ versions: FileVersion[] }>(proofing.versions, { query: { chat_id: chatId } }, { silent: true, signal });
      if (!Array.isArray(res.data?.versions)) throw new Error('Unexpected data format');
      return res.data.versions;
    },
  });

export interface PinPlacement {
  x: number;
  y: number;
  width?: number;
  height?: number;
}

type PinAnswer = { pin: FilePin };

export const addPin = (chatId: number, messageId: number, place: PinPlacement, text: string) =>
  call<PinAnswer>(proofing.addPin, { body: { chat_id: chatId, message_id: messageId, ...place, text } }).then((r) => r.data.pin);

export const replyToPin = (pinId: number, text: string) =>
  call<PinAnswer>(proofing.replyToPin, { params: { id: pinId }, body: { text } }).then((r) => r.data.pin);

export const setPinStatus = (pinId: number, status: FilePin['status']) =>
  call<PinAnswer>(proofing.setPinStatus, { params: { id: pinId }, body: { status } }).then((r) => r.data.pin);

/** The pins list with one pin put in (a new one added, a changed one replaced), in file and number order. */
export function withPin(pins: FilePin[] | undefined, pin: FilePin): FilePin[] | undefined {
  if (!pins) return pins;
  const rest = pins.filter((p) => p.id !== pin.id);
  return [...rest, pin].sort((a, b) => a.message_id - b.message_id || a.number - b.number);
}
