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

  it('finds the live message of the same type and kind that an HQ or LQ file replaces', () => {
    const messages = [file(1, 'HQ', 'image', true), file(2, 'HQ', 'image'), file(3, 'HQ', 'document'), file(4, 'Sketch', 'image')];
    expect(replacedBy(messages, 'HQ', 'new.png')?.id).toBe(2);
    expect(replacedBy(messages, 'HQ', 'new.pdf')?.id).toBe(3);
    expect(replacedBy(messages, 'LQ', 'new.png')).toBeUndefined();
    // Sketches are never replaced.
    expect(replacedBy(messages, 'Sketch', 'new.png')).toBeUndefined();
  });
});
