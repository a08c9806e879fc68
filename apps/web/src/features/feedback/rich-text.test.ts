import { describe, expect, it } from 'vitest';
import { feedbackPreview, hasRichText, richTextToPlain } from '@promo/shared';
import { sanitizeForDisplay } from './rich-text';

describe('sanitizeForDisplay (DOMPurify, the second line after the server)', () => {
  it('keeps the formatting the editor makes', () => {
    const html = '<p>Hei <strong>fet</strong> <em>kursiv</em> <u>u</u> <s>s</s></p><ul><li>en</li></ul><ol><li>to</li></ol><blockquote>q</blockquote><pre><code>c</code></pre><h2>H</h2>';
    expect(sanitizeForDisplay(html)).toBe(html);
  });

  it('drops scripts, event handlers, styles, images and javascript: or data: links', () => {
    const out = sanitizeForDisplay(
      '<p onclick="window.__xss=1" style="color:red">a</p><script>window.__xss=1</script><img src=x onerror="window.__xss=1"><a href="javascript:window.__xss=1">js</a><a href="data:text/html,x">d</a><a href="/relative">r</a><svg onload="x()"></svg><iframe src="https://x"></iframe>',
    );
    for (const bad of ['onclick', 'style', '<script', '<img', 'onerror', 'javascript:', 'data:', '/relative', '<svg', '<iframe', '__xss']) expect(out, bad).not.toContain(bad);
    expect(out).toContain('<p>a</p>');
  });

  it('opens links in a new tab without the opener', () => {
    const out = sanitizeForDisplay('<p><a href="https://example.no" target="_self" rel="opener">x</a> <a href="mailto:a@b.no">m</a></p>');
    const doc = new DOMParser().parseFromString(out, 'text/html');
    const links = [...doc.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://example.no', 'mailto:a@b.no']);
    for (const a of links) {
      expect(a.getAttribute('target')).toBe('_blank');
      expect(a.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    }
  });
});

describe('rich text checks shared with the server', () => {
  it('sees text only when something remains after tags, entities and whitespace', () => {
    for (const empty of ['', '<p></p>', '<p> &nbsp; </p>', '<p><br></p><p>&#160;&#xA0;</p>', '<script>alert(1)</script>', '\n\t ']) expect(hasRichText(empty), empty).toBe(false);
    for (const text of ['<p>a</p>', 'x', '<p>&nbsp;ø</p>', '<ul><li>1</li></ul>']) expect(hasRichText(text), text).toBe(true);
  });

  it('turns HTML into plain text for the preview: words kept apart, entities decoded, 200 characters', () => {
    expect(richTextToPlain('<p>Hei</p><p>du &amp; jeg&nbsp;&lt;3</p><ul><li>en</li><li>to</li></ul>')).toBe('Hei du & jeg <3 en to');
    expect(richTextToPlain('<p>a<script>b</script>c</p>')).toBe('a c');
    expect(feedbackPreview(`<p>${'å'.repeat(250)}</p>`)).toBe('å'.repeat(200));
    // Cut by characters, never inside a surrogate pair.
    expect(feedbackPreview(`<p>${'😀'.repeat(201)}</p>`)).toBe('😀'.repeat(200));
  });
});
