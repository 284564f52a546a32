// uniqueString() gives the value Azure gives. The pair is on record in a public C# test (Modm.Tests.UnitTests,
// ArmFunctionsTests.UniqueStringShouldEqualValueCreatedFromArmTemplate): a virtual machine's resource id and the
// uniqueString() an ARM template output for it.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { evaluateOutputs } from './templateFunctionCases';

describe('emulator: uniqueString()', () => {
  it('gives the value Azure gives for a recorded input', () => {
    const id = '/subscriptions/31e9f9a0-9fd2-4294-a0a3-0101246d9700/resourceGroups/rg-modm201-20230913120256/providers/Microsoft.Compute/virtualMachines/bobjacmodm201';
    const outputs = evaluateOutputs({ resources: [], outputs: { u: { type: 'string', value: `[uniqueString('${id}')]` } } });
    assert.equal(outputs.u, 'yvjxno3je5on2');
  });

  it('joins several arguments before hashing, so the same parts always give the same 13 characters', () => {
    const outputs = evaluateOutputs({
      resources: [],
      outputs: { a: { type: 'string', value: "[uniqueString('x', 'y')]" }, b: { type: 'string', value: "[uniqueString('x-y')]" }, c: { type: 'string', value: "[uniqueString('x', 'z')]" } },
    });
    assert.equal(outputs.a, outputs.b);
    assert.notEqual(outputs.a, outputs.c);
    assert.match(String(outputs.a), /^[a-z2-7]{13}$/);
  });
});
