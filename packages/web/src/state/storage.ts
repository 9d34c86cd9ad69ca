import type { Company, RoleEntry } from '@vitrine/contract';

// Local storage keys of spec §3, exactly.
export const STORAGE = { companyList: 'companyList', activeCom: 'activeCom', roleItem: 'roleItem' } as const;

type Stored = { companyList: Company[]; activeCom: Partial<Company>; roleItem: Partial<RoleEntry> };

function read<K extends keyof Stored>(key: K, fallback: Stored[K]): Stored[K] {
  try {
    const raw = localStorage.getItem(STORAGE[key]);
    if (!raw) return fallback;
    const value: unknown = JSON.parse(raw);
    if (key === 'companyList') return (Array.isArray(value) ? value : fallback) as Stored[K];
    return (value && typeof value === 'object' && !Array.isArray(value) ? value : fallback) as Stored[K];
  } catch {
    return fallback;
  }
}

export const readCompanyList = () => read('companyList', []);
export const readActiveCom = () => read('activeCom', {});
export const readRoleItem = () => read('roleItem', {});

export function writeStored<K extends keyof Stored>(key: K, value: Stored[K]): void {
  localStorage.setItem(STORAGE[key], JSON.stringify(value));
}

export function removeStored(key: keyof Stored): void {
  localStorage.removeItem(STORAGE[key]);
}
