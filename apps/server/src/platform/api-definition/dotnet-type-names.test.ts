import { describe, expect, it } from 'vitest';
import { dotnetTypeOf, type JsonSchemaNode } from './dotnet-type-names.js';

const unnamed = () => undefined;
const typeOf = (node: JsonSchemaNode) => dotnetTypeOf(node, unnamed);

describe('dotnetTypeOf', () => {
  it('names primitives as .NET does, and their simple names as ABP’s proxies read them', () => {
    expect(typeOf({ type: 'string' })).toEqual({
      type: 'System.String',
      typeSimple: 'string',
      isNullable: false,
    });
    expect(typeOf({ type: 'string', format: 'uuid' }).type).toBe('System.Guid');
    expect(typeOf({ type: 'string', format: 'date-time' }).type).toBe('System.DateTime');
    expect(typeOf({ type: 'integer' })).toMatchObject({
      type: 'System.Int32',
      typeSimple: 'number',
    });
    expect(typeOf({ type: 'boolean' }).typeSimple).toBe('boolean');
    expect(typeOf({ enum: ['true', 'false', 'True', 'False'] }).type).toBe('System.Boolean');
    expect(typeOf({ enum: [1, 2, 3] }).type).toBe('System.Int32');
  });

  it('marks only nullable value types with ?', () => {
    expect(typeOf({ anyOf: [{ type: 'string', format: 'uuid' }, { type: 'null' }] })).toEqual({
      type: 'System.Guid?',
      typeSimple: 'string?',
      isNullable: true,
    });
    expect(typeOf({ type: ['string', 'null'] })).toEqual({
      type: 'System.String',
      typeSimple: 'string',
      isNullable: true,
    });
  });

  it('writes lists and dictionaries in ABP’s brackets', () => {
    expect(typeOf({ type: 'array', items: { type: 'string' } })).toMatchObject({
      type: '[System.String]',
      typeSimple: '[string]',
    });
    expect(
      typeOf({ type: 'object', propertyNames: { type: 'string' }, additionalProperties: {} }),
    ).toMatchObject({ type: '{System.String:System.Object}', typeSimple: '{string:object}' });
  });

  it('takes a union of strings (a GUID or nothing) as a string, and names components by the callback', () => {
    expect(
      typeOf({
        anyOf: [
          { type: 'string', format: 'uuid' },
          { type: 'string', const: '' },
        ],
      }).type,
    ).toBe('System.String');
    expect(dotnetTypeOf({ $ref: '#/$defs/RoleDto' }, () => 'Volo.Abp.Identity.RoleDto')).toEqual({
      type: 'Volo.Abp.Identity.RoleDto',
      typeSimple: 'Volo.Abp.Identity.RoleDto',
      isNullable: false,
    });
    expect(typeOf({ type: 'object', properties: {} }).type).toBe('System.Object');
  });
});
