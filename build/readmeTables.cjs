// Generates the README's settings and commands tables from package.json.
// `node build/readmeTables.cjs` rewrites README.md between the markers; a unit test fails when they drift.
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');

function cell(text) {
  return String(text ?? '').replace(/\r?\n+/g, ' ').replace(/\|/g, '\\|').trim();
}

function typeOf(schema) {
  if (schema.enum) return schema.enum.map((v) => `\`${v}\``).join(', ');
  return schema.type ?? '';
}

function defaultOf(schema) {
  if (schema.default === undefined) return '';
  const text = JSON.stringify(schema.default);
  return text === '""' ? '(empty)' : `\`${text}\``;
}

function settingsTable(manifest) {
  const rows = ['| Setting | Type | Default | Description |', '| --- | --- | --- | --- |'];
  for (const block of [manifest.contributes.configuration].flat()) {
    const props = Object.entries(block.properties).sort(([, a], [, b]) => (a.order ?? 99) - (b.order ?? 99));
    for (const [key, schema] of props) {
      const text = schema.markdownDescription ?? schema.description ?? '';
      rows.push(`| \`${key}\` | ${cell(typeOf(schema))} | ${cell(defaultOf(schema))} | ${cell(text.replace(/`#([\w.]+)#`/g, '`$1`'))} |`);
    }
  }
  return rows.join('\n');
}

function commandsTable(manifest) {
  const hidden = new Set(
    (manifest.contributes.menus?.commandPalette ?? []).filter((m) => m.when === 'false').map((m) => m.command),
  );
  const rows = ['| Command | ID | In the palette |', '| --- | --- | --- |'];
  for (const c of manifest.contributes.commands) {
    rows.push(`| ${cell(`${c.category ? `${c.category}: ` : ''}${c.title}`)} | \`${c.command}\` | ${hidden.has(c.command) ? 'no (tree and editor menus)' : 'yes'} |`);
  }
  return rows.join('\n');
}

function replaceBetween(text, name, content) {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const i = text.indexOf(start);
  const j = text.indexOf(end);
  if (i < 0 || j < i) throw new Error(`README.md lacks the ${start} … ${end} markers`);
  return `${text.slice(0, i + start.length)}\n${content}\n${text.slice(j)}`;
}

/** Replaces `%key%` strings of a localized manifest with their package.nls.json text. */
function localize(manifest, nls) {
  return JSON.parse(JSON.stringify(manifest), (_key, value) =>
    typeof value === 'string' && /^%[\w.-]+%$/.test(value) && nls[value.slice(1, -1)] !== undefined ? nls[value.slice(1, -1)] : value,
  );
}

function readNls() {
  const file = path.join(root, 'package.nls.json');
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
}

function renderReadme(readme, manifest, nls = readNls()) {
  const m = localize(manifest, nls);
  return replaceBetween(replaceBetween(readme, 'settings', settingsTable(m)), 'commands', commandsTable(m));
}

module.exports = { settingsTable, commandsTable, renderReadme };

if (require.main === module) {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  const file = path.join(root, 'README.md');
  fs.writeFileSync(file, renderReadme(fs.readFileSync(file, 'utf8'), manifest));
  console.log('README.md tables updated from package.json');
}
