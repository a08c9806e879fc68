import sanitizeHtml from 'sanitize-html';
import { FEEDBACK_ALLOWED_TAGS, FEEDBACK_LINK_ATTRIBUTES, FEEDBACK_LINK_REL, FEEDBACK_LINK_SCHEMES, FEEDBACK_LINK_TARGET } from '@promo/shared';

const SAFE_LINK = new RegExp(`^(?:${FEEDBACK_LINK_SCHEMES.join('|')}):`, 'i');

/**
 * The allowlist every rich text (feedback messages, promotion and brief descriptions) passes
 * before it is stored: no scripts, no event handler attributes, no styles, links only to http,
 * https and mailto and always opened in a new tab without the opener. Everything else is dropped (disallowed tags keep their text, except the
 * tags whose content is never text, such as script and style).
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...FEEDBACK_ALLOWED_TAGS],
  allowedAttributes: { a: [...FEEDBACK_LINK_ATTRIBUTES] },
  allowedSchemes: [...FEEDBACK_LINK_SCHEMES],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  allowedStyles: {},
  disallowedTagsMode: 'discard',
  transformTags: {
    b: 'strong',
    i: 'em',
    strike: 's',
    del: 's',
    a: (_tagName, attribs) => {
      // Only absolute http, https and mailto links keep their target: a relative or schemeless
      // href is dropped here; allowedSchemes then checks the scheme once more.
      const href = attribs.href?.trim();
      return {
        tagName: 'a',
        attribs: { ...(href && SAFE_LINK.test(href) ? { href } : {}), rel: FEEDBACK_LINK_REL, target: FEEDBACK_LINK_TARGET },
      };
    },
  },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
