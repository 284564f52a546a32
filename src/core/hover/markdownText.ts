/**
 * Text from a definition document shown inside hover Markdown. A key is the user's text, not ours: without
 * escaping, a key such as `![x](https://host/p.png)` or `<img src=…>` would render as an image or a link.
 */

/** Every ASCII punctuation character CommonMark lets a backslash escape (links, images, HTML, emphasis, autolinks). */
const MARKDOWN_PUNCTUATION = /[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/g;

/** `text` as literal Markdown text on one line. */
export function markdownText(text: string): string {
  return text.replace(/[\r\n\t]+/g, ' ').replace(MARKDOWN_PUNCTUATION, '\\$&');
}
