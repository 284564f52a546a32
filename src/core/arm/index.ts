export * from './client';
export * from './errors';
export * from './redact';
export * from './paging';
export * from './lro';
export * from './clouds';
export { isLoopbackHost, validateTokenEndpoint } from './urlPolicy';
