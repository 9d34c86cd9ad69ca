import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Playlist } from '@vitrine/contract';
import { Screen, type ScreenItem } from '@vitrine/screen';
import { DeviceApiError, playlist as fetchPlaylist, post } from './api';
import { captureStage, runCommands, type Command } from './commands';
import { loadPlaylist, saveDevice, savePlaylist, type Device, type DeviceConfig } from './device';
import { flush, recordPlay, recordVisit } from './events';
import { cachedSet, download, evict, mediaUrl } from './media';
import { missing, screenItems, slotAt, slotStartMs, type Slot } from './schedule';
import { APP_VERSION } from './Activation';
import { cameraReport, useAudience, type AudienceVisit } from './useAudience';
import { word } from './words';
import { useLive } from './live';

type Beat = { serverTime: number; interval: number; playlistEtag: string; commands: Command[]; config: DeviceConfig };
type Detection = { type: 'vitrine-detection'; gender: 0 | 1 | 2; ageBand: number; action?: string };
const PITCH_MS = 8000;
const DEACTIVATED = 65536;

/** Playback: the playlist's segment by the device's own clock, only once its files are all cached. */
export function Player({ device, onDeactivated }: { device: Device; onDeactivated: () => void }) {
  const [pl, setPl] = useState<Playlist | null>(loadPlaylist);
  const [cached, setCached] = useState<Set<string>>(new Set());
  const [now, setNow] = useState(Date.now());
  const [config, setConfig] = useState(device.config);
  const [pitch, setPitch] = useState<{ text: string; until: number } | null>(null);
  const [shown, setShown] = useState<Slot | null>(null);
  const errors = useRef<{ code: string; message?: string }[]>([]);
  const playing = useRef<{ contentId: number; planId: number } | null>(null);
  const current = useRef<{ item: ScreenItem; planId: number; start: number } | null>(null);
  const plRef = useRef(pl);
  plRef.current = pl;
  const configRef = useRef(config);
  configRef.current = config;
  const token = device.token;

  /** A visitor of this cell in front of the screen: its pitch over the content, with its voice; the pitch's id. */
  const greet = useCallback((cell: { gender: number; ageBand: number }) => {
    if (!configRef.current.ai) return undefined;
    const match = plRef.current?.pitches.find((p) => p.gender === cell.gender && p.ageBand === cell.ageBand);
    if (!match) return undefined;
    setPitch({ text: match.text, until: Date.now() + PITCH_MS });
    // its voice, from the cache like every other file
    if (match.files[0]) void new Audio(mediaUrl(match.files[0])).play().catch(() => undefined);
    return match.pitchId;
  }, []);
  const audience = useAudience(config.ai === 1, {
    greet,
    visit: useCallback((v: AudienceVisit) => void recordVisit(v), []),
  });

  const lost = useCallback(
    (err: unknown) => {
      if (err instanceof DeviceApiError && err.ret === DEACTIVATED) {
        saveDevice(null);
        onDeactivated();
      }
    },
    [onDeactivated],
  );

  /** New playlist (when the ETag moved), its files downloaded, the cache kept within budget. */
  const sync = useCallback(
    async (force = false) => {
      const next = await fetchPlaylist(token, force ? null : (plRef.current?.etag ?? null));
      const list = next ?? plRef.current;
      if (next) {
        savePlaylist(next);
        setPl(next);
      }
      if (!list) return;
      const have = await cachedSet();
      const failed = await download(token, list.files, have);
      errors.current = errors.current.filter((e) => e.code !== 'download.failed');
      if (failed.length) errors.current.push({ code: 'download.failed', message: `${failed.length} file(s)` });
      await evict(new Set(list.files.map((f) => f.sha256)));
      setCached(new Set(have));
    },
    [token],
  );

  // the clock the schedule follows
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    void cachedSet().then(setCached);
    return () => clearInterval(timer);
  }, []);

  const effects = useMemo(
    () => ({
      config: (patch: Partial<DeviceConfig>) => setConfig((c) => ({ ...c, ...patch })),
      refresh: () => sync(true),
      capture: captureStage,
      restart: () => location.reload(),
    }),
    [sync],
  );
  const beatNow = useRef<() => void>(() => undefined);
  // the live socket: commands and playlist changes at once; poll stays the truth
  const live = useLive(token, () => plRef.current?.etag, {
    commands: (c) => void runCommands(token, c, effects, (results) => !!live.current?.ack(results)).catch(lost),
    playlist: (etag) => void (etag !== plRef.current?.etag ? sync().catch(lost) : undefined),
    collect: () => beatNow.current(),
  });

  // heartbeats, commands, the playlist when it changed, the event buffer
  useEffect(() => {
    let stop = false;
    let timer: ReturnType<typeof setTimeout>;
    const beat = async () => {
      clearTimeout(timer);
      let interval = device.interval;
      try {
        const estimate = await navigator.storage?.estimate?.();
        const free =
          estimate?.quota !== undefined
            ? Math.round((estimate.quota - (estimate.usage ?? 0)) / 1024 / 1024)
            : undefined;
        const camera = cameraReport(audience.current);
        const r = await post<Beat>('heartbeat', token, {
          appVersion: APP_VERSION,
          freeStorageMb: free,
          playing: playing.current,
          volume: configRef.current.volume,
          direction: configRef.current.direction === 0 ? 0 : 1,
          errors: [...errors.current, ...camera.errors],
          clock: Date.now() / 1000,
          playlistEtag: plRef.current?.etag,
          camera: camera.camera,
          ...(live.current?.connected ? { live: 1 } : {}),
        });
        // while the socket is up, the welcome's longer period
        interval = live.current?.interval ?? r.interval;
        if (!plRef.current || r.playlistEtag !== plRef.current.etag) await sync();
        await runCommands(token, r.commands, effects);
        await flush(token);
      } catch (err) {
        lost(err);
      }
      if (!stop) timer = setTimeout(() => void beat(), interval * 1000);
    };
    beatNow.current = () => void beat();
    void beat();
    return () => {
      stop = true;
      clearTimeout(timer);
    };
  }, [token, device.interval, sync, lost, audience, effects, live]);

  // a segment is switched to only when every file it needs is cached
  const wanted = pl ? slotAt(pl, now / 1000) : null;
  const ready = wanted && !missing(wanted, cached).length;
  const key = (s: Slot | null) => (s ? `${s.planId}:${s.from}:${s.items.length}` : '');
  useEffect(() => {
    if (ready && key(wanted) !== key(shown)) setShown(wanted);
    if (!wanted && shown && shown.to !== null && shown.to * 1000 <= now) setShown(null);
  }, [ready, wanted, shown, now]);

  const mime = useMemo(() => new Map((pl?.files ?? []).map((f) => [f.sha256, f.mime])), [pl]);
  const items = useMemo(() => (shown ? screenItems(shown, (sha) => mime.get(sha) ?? '', mediaUrl) : []), [shown, mime]);

  const onItemChange = useCallback(
    (item: ScreenItem) => {
      const t = Date.now();
      const prev = current.current;
      if (prev)
        void recordPlay({
          contentId: prev.item.contentId,
          planId: prev.planId,
          materialSha256: prev.item.media[0]?.sha256,
          start: prev.start / 1000,
          durationMs: t - prev.start,
        });
      current.current = shown ? { item, planId: shown.planId, start: t } : null;
      playing.current = shown ? { contentId: item.contentId, planId: shown.planId } : null;
    },
    [shown],
  );

  // visitors posted by another detector (a camera-side process or a test), beside the player's own camera
  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      const d = e.data as Detection;
      if (d?.type !== 'vitrine-detection') return;
      const pitchId = greet(d);
      void recordVisit({
        time: Date.now() / 1000,
        gender: d.gender,
        ageBand: d.ageBand,
        action: d.action ?? (pitchId ? 'watch' : 'pass'),
        pitchId,
      });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [greet]);

  // background music under pictures (not under videos), at the device's volume
  const music = useRef<HTMLAudioElement>(null);
  const tracks = (pl?.bgm ?? []).flatMap((b) => b.files).filter((sha) => cached.has(sha));
  const [track, setTrack] = useState(0);
  const underPicture = !!current.current && !current.current.item.media[0]?.mime.startsWith('video/');
  useEffect(() => {
    const a = music.current;
    if (!a) return;
    a.volume = Math.min(1, Math.max(0, config.volume / 100));
    if (underPicture && tracks.length) void a.play().catch(() => undefined);
    else a.pause();
  }, [underPicture, tracks.length, config.volume, track]);

  const physical = window.innerWidth >= window.innerHeight ? 1 : 0;
  const orientation = config.direction === 0 ? 0 : 1;
  return (
    <div
      className={`vp-player ${orientation !== physical ? 'vp-rotated' : ''}`}
      data-testid="player"
      data-slot={shown ? shown.planId : 'splash'}
    >
      <Screen
        orientation={orientation}
        items={items}
        playing
        clock={shown ? now - slotStartMs(shown) : undefined}
        onItemChange={onItemChange}
      />
      {pitch && pitch.until > now ? (
        <div className="vp-pitch" data-testid="player-pitch">
          {pitch.text}
        </div>
      ) : null}
      {config.ai === 1 && config.cameraMark !== 0 ? (
        <div className="vp-camera-mark" data-testid="player-camera-mark">
          {word('cameraInUse')}
        </div>
      ) : null}
      {tracks.length ? (
        <audio
          ref={music}
          src={mediaUrl(tracks[track % tracks.length])}
          onEnded={() => setTrack((n) => n + 1)}
          data-testid="player-music"
        />
      ) : null}
    </div>
  );
}
