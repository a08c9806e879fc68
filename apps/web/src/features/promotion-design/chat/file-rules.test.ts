import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@promo/shared';
import { isAllowedAttachment, isPrintFileBlocked, replacedBy } from './file-rules';

const file = (id: number, type_file: ChatMessage['type_file'], type_extension: ChatMessage['type_extension'], delete_message = false) =>
  ({ id, type_file, type_extension, delete_message, file_name: `f${id}` }) as ChatMessage;

describe('chat file rules', () => {
  it('accepts the image and document extensions only', () => {
    for (const ok of ['a.PNG', 'b.jpeg', 'c.tiff', 'd.pdf', 'e.indd', 'f.7z']) expect(isAllowedAttachment(ok)).toBe(true);
    for (const bad of ['a.exe', 'b.gif', 'noext', 'c.png.sh']) expect(isAllowedAttachment(bad)).toBe(false);
  });

  it('blocks HQ and LQ while the design is Created or Brief', () => {
    expect(isPrintFileBlocked('HQ', 'Brief')).toBe(true);
    expect(isPrintFileBlocked('LQ', 'Created')).toBe(true);
    expect(isPrintFileBlocked('HQ', 'Correction')).toBe(false);
    expect(isPrintFileBlocked('Sketch', 'Brief')).toBe(false);
  });

  it('finds the live file of the type that a new one replaces, whatever its kind (decision 030)', () => {
    const messages = [file(1, 'HQ', 'image', true), file(2, 'HQ', 'document'), file(3, 'Sketch', 'image'), file(4, '', 'image')];
    expect(replacedBy(messages, 'HQ')?.id).toBe(2);
    expect(replacedBy(messages, 'Sketch')?.id).toBe(3);
    expect(replacedBy(messages, 'LQ')).toBeUndefined();
    // A plain attachment replaces nothing.
    expect(replacedBy(messages, '')).toBeUndefined();
  });
});
