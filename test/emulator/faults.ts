// Fault scenarios: which one applies to a request, and the "first N times per resource path" counters.

export const FAULT_NAMES = [
  '429',
  '503',
  'reset',
  'hang',
  'malformed-json',
  'html-error',
  'lro-failed',
  'lro-canceled',
  'lro-status-error',
  'lro-retry-after',
  'nextlink-loop',
  'nextlink-endless',
  'nextlink-get',
  'nextlink-foreign-host',
  'token-expired',
  '429-midpaging',
  'validation-targets',
  'api-version-unregistered',
] as const;

export type FaultName = (typeof FAULT_NAMES)[number];

/** How many times the counted faults (429, 503, reset) hit the same resource path before it behaves. */
export const TRANSIENT_FAULT_TIMES = 2;

export const FAULT_HEADER = 'x-emulator-fault';

export function isFaultName(value: string): value is FaultName {
  return (FAULT_NAMES as readonly string[]).includes(value);
}

export function parseFault(value: string | undefined): FaultName | undefined {
  if (value === undefined || value === '' || value === 'none') return undefined;
  if (!isFaultName(value)) throw new Error(`Unknown fault '${value}'. Known faults: ${FAULT_NAMES.join(', ')}`);
  return value;
}

/** Finds `fault-<name>` inside a resource name; the longest match wins ("fault-429-midpaging" beats "fault-429"). */
export function faultFromResourceName(name: string | undefined): FaultName | undefined {
  if (!name) return undefined;
  const lower = name.toLowerCase();
  let best: FaultName | undefined;
  for (const fault of FAULT_NAMES) {
    if (lower.includes(`fault-${fault}`) && (!best || fault.length > best.length)) best = fault;
  }
  return best;
}

export class FaultState {
  private runWide: FaultName | undefined;
  private readonly counters = new Map<string, number>();

  constructor(initial: string | undefined) {
    this.runWide = parseFault(initial);
  }

  set(fault: string | undefined): void {
    this.runWide = parseFault(fault);
    this.counters.clear(); // a new scenario starts with fresh "first N times" counters
  }

  get current(): FaultName | undefined {
    return this.runWide;
  }

  /** Precedence: per-request header, then the resource name, then the run-wide setting. */
  resolve(headerValue: string | undefined, resourceName: string | undefined): FaultName | undefined {
    return parseFault(headerValue) ?? faultFromResourceName(resourceName) ?? this.runWide;
  }

  /** True for the first `times` calls with this key, false afterwards. */
  take(key: string, times: number): boolean {
    const used = this.counters.get(key) ?? 0;
    if (used >= times) return false;
    this.counters.set(key, used + 1);
    return true;
  }
}
