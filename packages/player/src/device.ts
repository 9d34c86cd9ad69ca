import type { Playlist } from '@vitrine/contract';

// What the player keeps across restarts: its token and settings, and the last playlist it got.

export type DeviceConfig = {
  name: string;
  type: string;
  direction: number;
  volume: number;
  ai: number;
  timezone: string;
  cameraMark?: number;
};
export type Device = { token: string; deviceId: number; interval: number; config: DeviceConfig };

const DEVICE_KEY = 'vitrine-player-device';
const PLAYLIST_KEY = 'vitrine-player-playlist';

export const loadDevice = (): Device | null => JSON.parse(localStorage.getItem(DEVICE_KEY) ?? 'null') as Device | null;
export const saveDevice = (d: Device | null) =>
  d ? localStorage.setItem(DEVICE_KEY, JSON.stringify(d)) : localStorage.removeItem(DEVICE_KEY);
export const loadPlaylist = (): Playlist | null =>
  JSON.parse(localStorage.getItem(PLAYLIST_KEY) ?? 'null') as Playlist | null;
export const savePlaylist = (p: Playlist) => localStorage.setItem(PLAYLIST_KEY, JSON.stringify(p));
