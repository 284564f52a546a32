export { validateDocument, validateText, validationCacheOf } from './validateDocument';
export { compareFindings } from './validate';
export { unknownSecretFindings } from './unknownSecrets';
