/** Shared shapes of the Compose conversion: files read, findings placed on their lines, the user's choices. */
import type { Range } from '../definition/types';
import type { ComposeRuleId } from './rules';

/** One Compose file as read: its path (for messages and relative paths) and its text. */
export interface ComposeFileText {
  path: string;
  text: string;
}

/**
 * What a finding means for the conversion: `blocked` stops it (nothing is written), `changed` was converted
 * differently from what Compose does, `leftOut` has no counterpart in ACI, `mapped` was carried over.
 */
export type NoteKind = 'mapped' | 'changed' | 'leftOut' | 'blocked';

export interface ComposeFinding {
  rule: ComposeRuleId;
  kind: NoteKind;
  message: string;
  /** The Compose file it is placed in, and where in its text (0-length at the start when no place is known). */
  file: string;
  range: Range;
  service?: string;
}

/** Reads a file next to a Compose file (`.env`, `env_file`, `extends.file`, a secret's file); undefined when absent. */
export type ReadFile = (path: string) => string | undefined;

export type VolumeChoice = 'azureFile' | 'emptyDir';

/** The user's answers; every one has a default, so a pipeline (`aci-validate`) converts without asking. */
export interface ConversionChoices {
  /** Rewrite other services' names in environment values to `localhost` (default false: flagged). */
  rewriteHostnames?: boolean;
  /** Per named volume (default emptyDir). */
  volumes?: Record<string, VolumeChoice>;
  /** The storage account of Azure Files volumes (default a placeholder the validator flags). */
  storageAccountName?: string;
  location?: string;
  /** The container group's name (default the Compose project name). */
  groupName?: string;
}

/** A value the definition refers to as `{{secret:NAME}}` instead of writing it. */
export interface SecretOffer {
  name: string;
  /** The value Compose had (from the file, `.env` or the environment); undefined when Compose had none. */
  value?: string;
  /** Where it goes, e.g. `db: MYSQL_PASSWORD`. */
  where: string;
  /** A Compose secret's file (relative to the Compose file), whose contents base64-encoded are the value. */
  file?: string;
}
