import { describe, expect, it } from 'vitest';
import { isPolicyGranted } from './policy';

const granted = {
  'AbpIdentity.Roles': true,
  'AbpIdentity.Users': false,
  'SettingManagement.Emailing': true,
};

describe('policies', () => {
  it('grants an empty policy', () => {
    expect(isPolicyGranted(undefined, granted)).toBe(true);
    expect(isPolicyGranted('', granted)).toBe(true);
  });

  it('checks a single policy', () => {
    expect(isPolicyGranted('AbpIdentity.Roles', granted)).toBe(true);
    expect(isPolicyGranted('AbpIdentity.Users', granted)).toBe(false);
    expect(isPolicyGranted('Unknown', granted)).toBe(false);
  });

  it('supports || (any) and && (all)', () => {
    expect(isPolicyGranted('AbpIdentity.Roles || AbpIdentity.Users', granted)).toBe(true);
    expect(isPolicyGranted('AbpIdentity.Users || Unknown', granted)).toBe(false);
    expect(isPolicyGranted('AbpIdentity.Roles && SettingManagement.Emailing', granted)).toBe(true);
    expect(isPolicyGranted('AbpIdentity.Roles && AbpIdentity.Users', granted)).toBe(false);
    expect(
      isPolicyGranted(
        'AbpIdentity.Users || AbpIdentity.Roles && SettingManagement.Emailing',
        granted,
      ),
    ).toBe(true);
  });
});
