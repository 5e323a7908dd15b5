import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS_TEXT } from './common-passwords.ts';
import {
  COMMON_PASSWORD_MESSAGE,
  findPasswordProblem,
  PERSONAL_PASSWORD_MESSAGE,
} from './password-policy.ts';

const owner = { email: 'dana.lee@example.com', name: 'Dana Lee' };

describe('password policy', () => {
  it('ships a list of a few thousand common passwords', () => {
    const lines = COMMON_PASSWORDS_TEXT.split('\n').filter(Boolean);
    expect(lines.length).toBeGreaterThan(3000);
    expect(lines).toEqual(expect.arrayContaining(['password', '12345678', 'qwertyuiop', 'iloveyou1']));
  });

  it('refuses the most common passwords in any letter case', () => {
    for (const password of [
      'password',
      'Password1',
      '12345678',
      'qwerty123',
      'QWERTYUIOP',
      'iloveyou!',
      'letmein1',
    ]) {
      expect(findPasswordProblem(password, owner), password).toBe(COMMON_PASSWORD_MESSAGE);
    }
  });

  it("refuses the owner's email, the part before the @, or the name, also with digits added", () => {
    for (const password of ['dana.lee@example.com', 'DANA.LEE', 'Dana Lee', 'danalee2024!', 'dana.lee123']) {
      expect(findPasswordProblem(password, owner), password).toBe(PERSONAL_PASSWORD_MESSAGE);
    }
  });

  it('accepts a password that is neither common nor personal', () => {
    for (const password of ['correct horse battery', 'Dana walks 3 dogs', 'plum-orbit-lantern']) {
      expect(findPasswordProblem(password, owner), password).toBeNull();
    }
  });
});
