// The errors ARM gives for a template, worded as Azure words them.
//
// Validation errors (answered to the PUT/whatIf with 400) have code InvalidTemplate and the message
// "Deployment template validation failed: '<what>'." with an additionalInfo entry of type TemplateViolation that
// carries lineNumber, linePosition and path (as quoted in Azure/azure-cli and Azure/bicep issues, e.g. azure-cli#13295
// "Deployment template validation failed: 'The value for the template parameter 'adminPassword' at line '1' and column
// '1234' is not provided. Please see https://aka.ms/arm-create-parameter-file for usage details.'").
// Line and column are those of the element in the request body as ARM parsed it: a client that sends compact JSON
// gets line 1 (the "at line '1' and column 'N'" users of the CLI report).

/** An expression that cannot be read or evaluated; `message` is Azure's inner sentence. */
export class TemplateFailure extends Error {
  constructor(
    message: string,
    readonly detail?: string,
  ) {
    super(message);
  }
}

export interface Position {
  line: number;
  column: number;
  /** JSON path of the element in the template, e.g. "resources[0]" or "parameters.port". */
  path: string;
}

export interface ArmError {
  code: string;
  message: string;
  target?: string;
  details?: ArmError[];
  additionalInfo?: { type: string; info: Record<string, unknown> }[];
}

const EXPRESSIONS_HELP = 'Please see https://aka.ms/arm-template-expressions for usage details.';
const PARAMETER_FILE_HELP = 'Please see https://aka.ms/arm-create-parameter-file for usage details.';

/** A template validation error at a place in the template. */
export class InvalidTemplate extends Error {
  constructor(
    readonly inner: string,
    readonly position?: Position,
  ) {
    super(inner);
  }

  toArmError(): ArmError {
    const error: ArmError = { code: 'InvalidTemplate', message: `Deployment template validation failed: '${this.inner}'.` };
    if (this.position) {
      error.additionalInfo = [
        { type: 'TemplateViolation', info: { lineNumber: this.position.line, linePosition: this.position.column, path: this.position.path } },
      ];
    }
    return error;
  }
}

const at = (p: Position | undefined): string => (p ? ` at line '${p.line}' and column '${p.column}'` : '');

/** An expression in a resource, variable, output or parameter default that failed (vscode-azurearmtools#531's wording). */
export function invalidElement(kind: 'resource' | 'variable' | 'output' | 'parameter', name: string, position: Position | undefined, failure: TemplateFailure): InvalidTemplate {
  return new InvalidTemplate(`The template ${kind} '${name}'${at(position)} is not valid: ${failure.message}. ${EXPRESSIONS_HELP}`, position);
}

/** A function the template language does not have (vscode-azurearmtools#531: "The template function 'environment' is not valid."). */
export function unknownFunction(name: string): TemplateFailure {
  return new TemplateFailure(`The template function '${name}' is not valid. ${EXPRESSIONS_HELP}`);
}

/** A function called with the wrong number of arguments (the ARM evaluator's words, Azure/template-analyzer tests). */
export function wrongArgumentCount(name: string, expected: string, actual: number): TemplateFailure {
  return new TemplateFailure(
    `Unable to evaluate template language function '${name}': function requires ${expected} argument(s) while ${actual} were provided. Please see https://aka.ms/arm-template-expressions/#${name} for usage details.`,
  );
}

export function invalidArgument(name: string, why: string): TemplateFailure {
  return new TemplateFailure(`Unable to evaluate template language function '${name}': ${why}. Please see https://aka.ms/arm-template-expressions/#${name} for usage details.`);
}

export function missingParameterValue(name: string, position: Position | undefined): InvalidTemplate {
  return new InvalidTemplate(`The value for the template parameter '${name}'${at(position)} is not provided. ${PARAMETER_FILE_HELP}`, position);
}

export function notAllowedValue(name: string, value: unknown, allowed: unknown[], position: Position | undefined): InvalidTemplate {
  const show = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v));
  return new InvalidTemplate(
    `The provided value '${show(value)}' for the template parameter '${name}'${at(position)} is not valid. The parameter value is not part of the allowed value(s): '${allowed.map(show).join(',')}'.`,
    position,
  );
}

/** Azure's words for a value of the wrong JSON type ("Template parameter JToken type is not valid. Expected 'Integer'. Actual 'String'."). */
export function wrongParameterType(name: string, expected: string, actual: string, position: Position | undefined): InvalidTemplate {
  return new InvalidTemplate(
    `The template parameter '${name}'${at(position)} is not valid: Template parameter JToken type is not valid. Expected '${expected}'. Actual '${actual}'. ${PARAMETER_FILE_HELP}`,
    position,
  );
}

export function unknownParameters(supplied: string[], declared: string[]): InvalidTemplate {
  return new InvalidTemplate(
    `The template parameters '${supplied.join(', ')}' in the parameters file are not valid; they are not present in the original template and can therefore not be provided at deployment time. The only supported parameters for this template are '${declared.join(', ')}'. ${PARAMETER_FILE_HELP}`,
  );
}
