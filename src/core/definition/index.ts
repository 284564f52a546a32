export * from './types';
export { toLineCol, LineIndex, LineCol } from './lineCol';
export { detectFormat, isContainerGroupDocument } from './detect';
export { parseJson } from './jsonParser';
export { parseYaml } from './yamlParser';
export { findNodeAtOffset, findProperty, nodeAtPath, rangeForPath, toPlainValue, NodeAtOffset } from './nodeQuery';
export { DefinitionDocument } from './document';
export { Code } from './findingCodes';
