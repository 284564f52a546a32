/** Messages between the extension host and the language worker. */
import type { ContentChange } from './service';
import type { DefinitionFormat } from '../definition';

export type Notification =
  | { kind: 'open'; uri: string; version: number; format: DefinitionFormat; text: string }
  | { kind: 'edit'; uri: string; version: number; changes: ContentChange[]; fullText?: string }
  | { kind: 'close'; uri: string };

export type RequestBody =
  | { op: 'diagnostics'; uri: string; version: number; secretNames: string[]; parameterFile?: { name: string; text: string } }
  | { op: 'complete'; uri: string; version: number; offset: number; secretNames: string[] }
  | { op: 'hover'; uri: string; version: number; offset: number }
  | { op: 'symbols'; uri: string; version: number };

export type ToWorker = { type: 'notify'; body: Notification } | { type: 'request'; id: number; body: RequestBody };

/** Answers, and `busy`/`idle` around every job so the host knows which document a long job is for. */
export type FromWorker =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: string }
  | { busy: string }
  | { idle: true };

/** A request as its sender writes it: the document and version are filled in for it. */
export type RequestArgs = RequestBody extends infer R ? (R extends RequestBody ? Omit<R, 'uri' | 'version'> : never) : never;
