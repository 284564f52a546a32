/** Stable codes of the findings the parsers emit (the validation codes start at ACI200). */
export const ParseCode = {
  syntax: 'ACI100',
  duplicateKey: 'ACI101',
  multipleDocuments: 'ACI102',
  alias: 'ACI103',
  yaml11Boolean: 'ACI104',
  yaml11Number: 'ACI105',
  unquotedDate: 'ACI106',
  tooDeep: 'ACI107',
  emptyDocument: 'ACI108',
  yamlWarning: 'ACI109',
  complexKey: 'ACI110',
} as const;

/** Nodes deeper than this are cut off (a definition never needs it; it protects the stack). */
export const MAX_DEPTH = 200;
