import { describe, expect, it } from 'vitest';
import { guardRedirect, isOpenPath, safeRedirect, topLevelPath } from './guard';

describe('route guard (spec §2)', () => {
  it('opens exactly the public list without login', () => {
    for (const p of [
      '/index',
      '/make_an_appointment',
      '/inlog',
      '/register',
      '/resetPw',
      '/introduce',
      '/register_succeed',
    ]) {
      expect(isOpenPath(p)).toBe(true);
      expect(guardRedirect(p, '', false)).toBeNull();
    }
    expect(isOpenPath('/home')).toBe(false);
    expect(isOpenPath('/indexx')).toBe(false);
  });

  it('sends any other path to /index?redirect={path incl. search}', () => {
    expect(guardRedirect('/store/manage_details', '?id=3', false)).toBe(
      `/index?redirect=${encodeURIComponent('/store/manage_details?id=3')}`,
    );
    expect(guardRedirect('/home', '', false)).toBe('/index?redirect=%2Fhome');
  });

  it('lets everything through when logged in, and / to its own redirect', () => {
    expect(guardRedirect('/home/home', '', true)).toBeNull();
    expect(guardRedirect('/', '', false)).toBeNull();
  });

  it('honours only in-app redirects', () => {
    expect(safeRedirect('?redirect=%2Fstore%2Fstore%3Fa%3D1')).toBe('/store/store?a=1');
    expect(safeRedirect('?redirect=https%3A%2F%2Fevil.example')).toBe('/home');
    expect(safeRedirect('?redirect=%2F%2Fevil.example')).toBe('/home');
    expect(safeRedirect('?redirect=%2Findex')).toBe('/home');
    expect(safeRedirect('')).toBe('/home');
  });

  it('finds the matched top-level path', () => {
    expect(topLevelPath('/store/manage_details')).toBe('/store');
    expect(topLevelPath('/home/home')).toBe('/home');
    expect(topLevelPath('/count')).toBe('/data');
  });
});
