import { describe, expect, it } from 'vitest';
import { password, phone, smsCode } from '@vitrine/contract';
import { redirectTarget, schemaError } from './rules';

describe('phone validation (spec §5)', () => {
  it('says 手机号不能为空 for an empty or missing phone', () => {
    expect(schemaError(phone, '', 'zh')).toBe('手机号不能为空');
    expect(schemaError(phone, '   ', 'zh')).toBe('手机号不能为空');
    expect(schemaError(phone, undefined, 'zh')).toBe('手机号不能为空');
  });

  it('says 手机格式不正确 unless 11 digits starting with 1', () => {
    for (const bad of ['1380013800', '138001380000', '23800138000', '1380013800a', '+8613800138000']) {
      expect(schemaError(phone, bad, 'zh')).toBe('手机格式不正确');
    }
  });

  it('accepts 11 digits starting with 1', () => {
    expect(schemaError(phone, '13800138000', 'zh')).toBeNull();
    expect(schemaError(phone, ' 13800138000 ', 'zh')).toBeNull();
  });

  it('speaks English when asked', () => {
    expect(schemaError(phone, '', 'en')).toBe('Phone number is required');
    expect(schemaError(phone, '123', 'en')).toBe('Phone number format is incorrect');
  });
});

describe('password and code', () => {
  it('wants 8 to 64 characters', () => {
    expect(schemaError(password, '1234567', 'zh')).toBe('密码长度为8到64个字符');
    expect(schemaError(password, 'x'.repeat(65), 'en')).toBe('Password must be 8 to 64 characters');
    expect(schemaError(password, '12345678', 'zh')).toBeNull();
    expect(schemaError(password, 'x'.repeat(64), 'zh')).toBeNull();
  });

  it('wants a 6-digit code', () => {
    expect(schemaError(smsCode, '12345', 'zh')).toBe('验证码为6位数字');
    expect(schemaError(smsCode, '123456', 'zh')).toBeNull();
  });
});

describe('redirectTarget', () => {
  it('honours an in-app path', () => {
    expect(redirectTarget('/store/manage_details?id=3')).toBe('/store/manage_details?id=3');
  });

  it('falls back to /home for missing, relative or other-origin targets', () => {
    expect(redirectTarget(null)).toBe('/home');
    expect(redirectTarget('')).toBe('/home');
    expect(redirectTarget('home')).toBe('/home');
    expect(redirectTarget('https://evil.example')).toBe('/home');
    expect(redirectTarget('//evil.example/x')).toBe('/home');
    expect(redirectTarget('/\\evil.example')).toBe('/home');
  });
});
