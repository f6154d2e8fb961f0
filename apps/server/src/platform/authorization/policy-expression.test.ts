import { describe, expect, it } from 'vitest';
import { evaluatePolicy, policyNames } from './policy-expression.js';

const granted = new Set(['A', 'B']);
const isGranted = (name: string) => granted.has(name);

describe('evaluatePolicy', () => {
  it.each([
    ['A', true],
    ['C', false],
    ['A || C', true],
    ['C || D', false],
    ['A && B', true],
    ['A && C', false],
    ['C && D || A', true],
    ['A || C && D', true],
    ['C || A && D', false],
    ['  A  ', true],
    ['A ||', true],
    ['&& A', false],
  ])('%s → %s', (expression, expected) => {
    expect(evaluatePolicy(expression, isGranted)).toBe(expected);
  });
});

describe('policyNames', () => {
  it.each([
    ['A', ['A']],
    [' A || B && C ', ['A', 'B', 'C']],
    ['A && A || A', ['A']],
    ['A ||', ['A']],
    ['', []],
  ])('%j → %j', (expression, expected) => {
    expect(policyNames(expression)).toEqual(expected);
  });
});
