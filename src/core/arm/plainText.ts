/**
 * Text shown in a notification, a dialog or a prompt is parsed by VS Code for Markdown-style links: the
 * notification renderer and the quick input's prompt and validation message turn `[label](target)` into a link
 * when the target starts with `http://`, `https://`, `command:` or `file:` (case-insensitive), and a `command:`
 * link runs that command when clicked. Bare URLs and `command:` words are left as text there. Service messages,
 * names and values from the provider's tenant or a file reach those places, so what the product shows must never
 * carry that syntax: every `](` gets a zero-width space between its brackets, which no link pattern matches and
 * the reader does not see. The product's own messages hold no links (actions are buttons), so the whole text is
 * treated this way.
 */

const JOIN = /\]\(/g;
const ZERO_WIDTH_SPACE = '\u200b';

/** The text as the reader should see it, with nothing VS Code would render as a link or a command. */
export function asPlainText(text: string): string {
  return text.includes('](') ? text.replace(JOIN, `]${ZERO_WIDTH_SPACE}(`) : text;
}
