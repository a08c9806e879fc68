import type { TFunction } from 'i18next';
import { toast } from '@/components/ui/use-toast';

/** Copies a message's text; without clipboard access it says so (spec 001 §8 'Copy Error'). */
export async function copyText(text: string, t: TFunction) {
  try {
    if (!navigator.clipboard) throw new Error('no clipboard');
    await navigator.clipboard.writeText(text);
    toast({ title: t('chat.copied') });
  } catch {
    toast({ variant: 'destructive', title: t('chat.copy_error'), description: t('chat.copy_failed') });
  }
}
