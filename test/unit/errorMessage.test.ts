import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { ArmError, errorMessage, isCancellation } from '../../src/core/arm/errors';

test('errorMessage: an Error gives its message, a string itself, anything else its string form', () => {
  assert.equal(errorMessage(new Error('disk full')), 'disk full');
  assert.equal(errorMessage(new TypeError('')), 'TypeError');
  assert.equal(errorMessage('plain words'), 'plain words');
  assert.equal(errorMessage(42), '42');
  assert.equal(errorMessage(undefined), 'undefined');
  assert.equal(errorMessage({ toString: () => { throw new Error('no'); } }), 'Unknown error');
});

test('isCancellation: an ARM cancel and VS Code\'s CancellationError; nothing else (an escaped AbortError is shown)', () => {
  assert.equal(isCancellation(new ArmError('Sign-in was canceled.', { kind: 'canceled' })), true);
  const vscodeCancel = Object.assign(new Error('Canceled'), { name: 'Canceled' });
  assert.equal(isCancellation(vscodeCancel), true);
  assert.equal(isCancellation(new DOMException('aborted', 'AbortError')), false);
  assert.equal(isCancellation(new ArmError('Conflict (409)', { kind: 'http', status: 409 })), false);
  assert.equal(isCancellation(new Error('Canceled')), false);
  assert.equal(isCancellation('Canceled'), false);
});
