import { useMemo } from 'react';
import { cn } from '@/lib/cn';
import { richTextClass, sanitizeForDisplay } from '../rich-text';

/** A message's HTML, sanitized again with DOMPurify before it reaches the page. */
export function RichTextView({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => sanitizeForDisplay(html), [html]);
  return <div data-testid="message-body" className={cn(richTextClass, className)} dangerouslySetInnerHTML={{ __html: clean }} />;
}
