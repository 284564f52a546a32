/** Which files are Compose files, and the override Compose reads with each (Compose specification, 03-compose-file.md). */

/** compose.yaml, compose.yml, docker-compose.yaml, docker-compose.yml and their `.override` variants. */
export const COMPOSE_FILE_NAME = /^(docker-)?compose(\.override)?\.ya?ml$/i;

export function isComposeFileName(path: string): boolean {
  return COMPOSE_FILE_NAME.test(path.split(/[/\\]/).pop() ?? '');
}

/**
 * The file `docker compose` reads over `path` when no -f is given: `compose.override.yaml` beside compose.yaml
 * (same extension and prefix). None for an override itself.
 */
export function overrideFileFor(path: string): string | undefined {
  const cut = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  const base = path.slice(cut + 1);
  const m = /^((?:docker-)?compose)\.(ya?ml)$/i.exec(base);
  return m ? `${path.slice(0, cut + 1)}${m[1]}.override.${m[2]}` : undefined;
}
