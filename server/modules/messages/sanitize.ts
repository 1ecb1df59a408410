import sanitizeHtml from 'sanitize-html';
import { isInAppPath } from '../../../contracts/messages';

/**
 * The allow-list for message HTML: basic formatting, lists, tables, links and images. Everything
 * else goes: scripts and styles with their content, iframes, objects, forms, event handlers
 * (on*), classes, ids. Links and images may point at http, https or a relative address only
 * (no javascript:, data:, protocol-relative //host). Inline style keeps a few harmless properties
 * whose values match strict patterns, so no expression() or url() survives.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'hr', 'div', 'span', 'blockquote', 'pre', 'code',
    'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
    'b', 'strong', 'i', 'em', 'u', 's', 'del', 'ins', 'mark', 'small', 'sub', 'sup',
    'ul', 'ol', 'li', 'dl', 'dt', 'dd',
    'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
    'a', 'img', 'figure', 'figcaption',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
    '*': ['style'],
  },
  allowedStyles: {
    '*': {
      color: [/^#[0-9a-f]{3,8}$/i, /^rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*(0|1|0?\.\d+)\s*)?\)$/i, /^[a-z]{3,20}$/i],
      'background-color': [/^#[0-9a-f]{3,8}$/i, /^[a-z]{3,20}$/i],
      'text-align': [/^(left|right|center|justify)$/],
      'font-weight': [/^(normal|bold|[1-9]00)$/],
      'font-style': [/^(normal|italic)$/],
      'text-decoration': [/^(none|underline|line-through)$/],
    },
  },
  allowedSchemes: ['http', 'https'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => {
      const attributes: sanitizeHtml.Attributes = { ...attribs, rel: 'noopener noreferrer' };
      if (attributes.target && attributes.target !== '_blank') delete attributes.target;
      return { tagName, attribs: attributes };
    },
  },
};

/** Message content as stored and as sent: sanitised on every write and again on every read. */
export function sanitizeMessageHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/** A message link is an in-app path; anything else is dropped (''). */
export const normaliseMessageLink = (link: string | null | undefined): string => {
  const trimmed = (link ?? '').trim();
  return isInAppPath(trimmed) ? trimmed : '';
};
