// The errors ARM gives for a template, worded as Azure words them.
//
// Validation errors (answered to the PUT/whatIf with 400) have code InvalidTemplate and the message
// "Deployment template validation failed: '<what>'." with an additionalInfo entry of type TemplateViolation that
// carries lineNumber, linePosition and path, as users quote them: "Deployment template validation failed: 'The value
// for the template parameter 'labId' at line '1' and column '266' is not provided. …'." with AdditionalInfo
// [{"info":{"lineNumber":1,"linePosition":266,"path":"properties.template.parameters.labId"},"type":"TemplateViolation"}]
// (a Terraform azurerm user's report; the same sentence is in the Azure Local docs' provisioning troubleshooting).
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
    /** The expression's own failure, when this wraps one. */
    readonly failure?: string,
  ) {
    super(inner);
  }

  /**
   * The same failure met while deploying (a value known only then): "Unable to process template language expressions
   * for resource '<id>' at line 'L' and column 'C'. '<failure>'" (as a user quotes it for a copyIndex() misuse, with
   * code InvalidTemplate and a TemplateViolation entry).
   */
  atDeployment(resourceId: string): ArmError {
    const error = this.toArmError();
    error.message = `Unable to process template language expressions for resource '${resourceId}'${at(this.position)}. '${this.failure ?? this.inner}'`;
    return error;
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

/**
 * An expression in a resource, variable, output or parameter default that failed (vscode-azurearmtools#531's wording,
 * "The template resource 'p1' at line '5' and column '15' is not valid: …"; a variable's message names no line, its
 * place is in additionalInfo only: "The template variable 'dceName' is not valid: …", Azure/prometheus-collector#951).
 */
export function invalidElement(kind: 'resource' | 'variable' | 'output' | 'parameter', name: string, position: Position | undefined, failure: TemplateFailure): InvalidTemplate {
  const where = kind === 'variable' ? '' : at(position);
  return new InvalidTemplate(`The template ${kind} '${name}'${where} is not valid: ${failure.message}. ${EXPRESSIONS_HELP}`, position, failure.message);
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

/**
 * A value outside minLength/maxLength or minValue/maxValue. The minLength words are Azure's (vscode-azurearmtools#1350:
 * "…is not valid. Length of the value should be greater than or equal to '12'. Please see
 * https://aka.ms/arm-template/#parameters for usage details."); the others are worded the same way (no record found).
 */
export function outOfRange(name: string, rule: string, position: Position | undefined): InvalidTemplate {
  return new InvalidTemplate(`The provided value for the template parameter '${name}'${at(position)} is not valid. ${rule} Please see https://aka.ms/arm-template/#parameters for usage details.`, position);
}

/**
 * A value of the wrong JSON type, in Azure's words, which name neither the parameter nor a line (quoted in
 * Azure/azure-powershell users' reports: "Deployment template validation failed: 'Template parameter JToken type is not
 * valid. Expected 'Boolean'. Actual 'String'. Please see https://aka.ms/resource-manager-parameter-files for usage
 * details.'."; a string parameter expects 'String, Uri'). Its place is still given in additionalInfo.
 */
export function wrongParameterType(_name: string, expected: string, actual: string, position: Position | undefined): InvalidTemplate {
  return new InvalidTemplate(`Template parameter JToken type is not valid. Expected '${expected}'. Actual '${actual}'. Please see https://aka.ms/resource-manager-parameter-files for usage details.`, position);
}

/** Azure's words, quoted in Azure/azure-quickstart-templates#5234. */
export function unknownParameters(supplied: string[], declared: string[]): InvalidTemplate {
  return new InvalidTemplate(
    `The template parameters '${supplied.join(', ')}' in the parameters file are not valid; they are not present in the original template and can therefore not be provided at deployment time. The only supported parameters for this template are '${declared.join(', ')}'. Please see https://aka.ms/arm-deploy/#parameter-file for usage details.`,
  );
}
