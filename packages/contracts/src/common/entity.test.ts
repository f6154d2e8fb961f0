import { describe, expect, it } from 'vitest';
import { EntityIdParams, GuidInput } from './entity.js';

describe('GUIDs sent by a client', () => {
  it('are taken in any case and lowercased, as stored', () => {
    const id = '95D421E3-B5D7-47E4-af97-d0a366a05dbf';
    expect(GuidInput.parse(id)).toBe(id.toLowerCase());
    expect(EntityIdParams.parse({ id })).toEqual({ id: id.toLowerCase() });
  });

  it('still refuse what is no GUID', () => {
    expect(GuidInput.safeParse('not-a-guid').success).toBe(false);
    expect(GuidInput.safeParse('{95d421e3-b5d7-47e4-af97-d0a366a05dbf}').success).toBe(false);
  });
});
