// The array functions of the ARM function reference, checked against the reference's own examples.
import { runFunctionCases } from './templateFunctionCases';

runFunctionCases('array');
