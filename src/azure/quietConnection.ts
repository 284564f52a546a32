/**
 * The connection for work the user did not start just now (a tree node expanding, a panel VS Code restores
 * after a reload): it never opens a sign-in, and says so when one must come first.
 */
import type { AuthMethod } from '../core/settings/model';
import type { Connection } from './session';
import { errorMessage } from '../core/arm/errors';

/** A sign-in must come first; the message says why. */
export class SignInNeeded extends Error {}

export interface QuietSession {
  /** The connection when one was made, without starting one. */
  signedIn(): Promise<Connection> | undefined;
  connection(): Promise<Connection>;
}

/** Methods that would ask the user something (a browser sign-in, a device code) before the first token. */
const ASKS_USER: readonly AuthMethod[] = ['microsoft', 'deviceCode'];

/** The session's connection, or SignInNeeded with `message` when making one would ask the user. */
export async function quietConnection(session: QuietSession, authMethod: AuthMethod, message: string): Promise<Connection> {
  const pending = session.signedIn();
  if (!pending && ASKS_USER.includes(authMethod)) throw new SignInNeeded(message);
  try {
    return await (pending ?? session.connection());
  } catch (err) {
    throw new SignInNeeded(errorMessage(err));
  }
}
