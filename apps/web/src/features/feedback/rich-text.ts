import DOMPurify from 'dompurify';
import { FEEDBACK_ALLOWED_TAGS, FEEDBACK_LINK_REL, FEEDBACK_LINK_TARGET } from '@promo/shared';

/** Links may go to http, https and mailto only: the server's rule, applied again in the browser. */
export const SAFE_LINK = /^(?:https?:|mailto:)/i;

let purifier: ReturnType<typeof DOMPurify> | null = null;

/** An instance of our own, so its hook does not change DOMPurify for anyone else. */
function instance() {
  if (purifier) return purifier;
  purifier = DOMPurify(window);
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName === 'A') {
      const href = node.getAttribute('href');
      if (href !== null && !SAFE_LINK.test(href.trim())) node.removeAttribute('href');
      node.setAttribute('target', FEEDBACK_LINK_TARGET);
      node.setAttribute('rel', FEEDBACK_LINK_REL);
    } else {
      for (const attr of ['href', 'target', 'rel']) node.removeAttribute(attr);
    }
  });
  return purifier;
}

/**
 * A message's HTML as it may be put into the page. The server stored it sanitized already; this is
 * the second line (spec: sanitized before it is stored and again when rendered).
 */
export function sanitizeForDisplay(html: string): string {
  return instance().sanitize(html, {
    ALLOWED_TAGS: [...FEEDBACK_ALLOWED_TAGS],
    ALLOWED_ATTR: ['href', 'target', 'rel'],
    ALLOWED_URI_REGEXP: SAFE_LINK,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    RETURN_TRUSTED_TYPE: false,
  });
}

/** Lists, quotes, code and headings of a message, styled without a typography plugin. */
export const richTextClass =
  'break-words text-sm leading-relaxed [&_a[href]]:text-primary [&_a[href]]:underline [&_blockquote]:border-l-4 [&_blockquote]:border-border [&_blockquote]:pl-3 [&_blockquote]:text-muted-foreground [&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_code]:font-mono [&_h1]:text-xl [&_h1]:font-semibold [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:font-semibold [&_li]:my-0.5 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-1 [&_pre]:overflow-x-auto [&_pre]:rounded [&_pre]:bg-muted [&_pre]:p-2 [&_ul]:list-disc [&_ul]:pl-6';
