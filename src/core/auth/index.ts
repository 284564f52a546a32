export * from './tokenProvider';
export * from './clientSecretTokenProvider';
export * from './environment';
export * from './identityProviders';
