// Cookie helpers. Names are the spec's (§3): access_token, user_id, userName, nickName, language.

export const COOKIE = {
  token: 'access_token',
  userId: 'user_id',
  userName: 'userName',
  nickName: 'nickName',
  language: 'language',
} as const;

export function getCookie(name: string): string | undefined {
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split(';')) {
    const item = part.trim();
    // An empty value counts as not set.
    if (item.startsWith(prefix)) return decodeURIComponent(item.slice(prefix.length)) || undefined;
  }
  return undefined;
}

export function setCookie(name: string, value: string, maxAgeDays?: number): void {
  const age = maxAgeDays === undefined ? '' : `; max-age=${Math.round(maxAgeDays * 86400)}`;
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; path=/; SameSite=Lax${age}`;
}

export function removeCookie(name: string): void {
  document.cookie = `${encodeURIComponent(name)}=; path=/; SameSite=Lax; max-age=0; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
}
