// The README's pictures ship in the .vsix (limit 5 MB): each is reduced to a palette PNG, which keeps text and theme
// colours legible at about a third of the size.
import { spawnSync } from 'child_process';

/** Rewrites each PNG in place with pngquant; a picture pngquant cannot improve within the quality bounds stays as it was. */
export function compressPngs(files: readonly string[]): void {
  if (files.length === 0) return;
  const result = spawnSync('pngquant', ['--quality=80-95', '--speed', '1', '--skip-if-larger', '--ext', '.png', '--force', ...files], { stdio: 'inherit' });
  if (result.error) throw new Error(`pngquant could not run: ${result.error.message}`);
  // 98/99: the quality bound or the size check left that file untouched, which is fine.
  if (result.status !== 0 && result.status !== 98 && result.status !== 99) throw new Error(`pngquant exited with ${result.status}`);
}
