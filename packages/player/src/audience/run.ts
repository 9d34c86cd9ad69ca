import type { CameraState } from '@vitrine/contract/constants';
import { MODEL_DIR } from './models';
import type { FromWorker, ToWorker } from './protocol';
import { Tracker, type Cell, type Visit } from './tracker';

// The camera side of the player, loaded only when the device's AI is on: the camera's frames go to
// the detector worker at a pace that keeps it within half a core, its faces feed the tracker, and
// what leaves this module is the visit alone (and the screen's camera state for the heartbeat).

export type AudienceStatus = {
  state: CameraState;
  fps: number;
  inferenceMs: number;
  lastVisitAt: number | null;
  message?: string;
};

export type AudienceHooks = {
  /** a new visitor's cell was decided: the pitch shown for it, if any */
  onVisitor: (cell: Cell) => number | undefined;
  onVisit: (visit: Omit<Visit, 'trackId'> & { pitchId?: number }) => void;
  onStatus: (status: AudienceStatus) => void;
  /** every analysed frame: the worker's time, the faces' count, whether the age/gender net ran (the bench reads these) */
  onFrame?: (ms: number, faces: number, read: boolean) => void;
};

export type AudienceOptions = {
  workerUrl: string;
  /** the detector's input side in pixels (a multiple of 32): smaller is faster and sees less far */
  inputSize: number;
  /** the most frames a second analysed, whatever the box can do */
  maxFps: number;
  /** the share of one core the detector may use */
  share: number;
  /** frame width sent to the detector */
  frameWidth: number;
  /** when the camera is missing or refused, how long before asking again */
  retryMs: number;
};

/**
 * 416: a face 1.5 m from a 640×480 camera is ~55 px wide, which the tiny detector misses at 224; at
 * 416 gender is right for 95 % of the sample faces against 79 % at 320, and a quiet 2-core box still
 * analyses 3.2 frames a second with under half a core (bench/camera.ts; docs/decisions/0112).
 */
export const AUDIENCE_DEFAULTS = { inputSize: 416, maxFps: 5, share: 0.5, frameWidth: 640, retryMs: 30_000 };

const cameraError = (err: unknown): CameraState => {
  const name = err instanceof DOMException ? err.name : '';
  return name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'no-camera';
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Starts watching; the returned function stops (the visitors present then are counted). */
export function startAudience(
  hooks: AudienceHooks,
  options: Partial<AudienceOptions> & Pick<AudienceOptions, 'workerUrl'>,
): () => void {
  const o = { ...AUDIENCE_DEFAULTS, ...options };
  const status: AudienceStatus = { state: 'starting', fps: 0, inferenceMs: 0, lastVisitAt: null };
  const tracker = new Tracker();
  const pitches = new Map<number, number>();
  let stopped = false;
  let stream: MediaStream | null = null;
  let worker: Worker | null = null;
  const set = (patch: Partial<AudienceStatus>) => {
    Object.assign(status, patch);
    hooks.onStatus({ ...status });
  };
  const emit = (visits: Visit[]) => {
    for (const { trackId, ...v } of visits) {
      hooks.onVisit({ ...v, pitchId: pitches.get(trackId) });
      pitches.delete(trackId);
      status.lastVisitAt = Math.round(Date.now() / 1000);
    }
    if (visits.length) set({});
  };

  const openCamera = async (): Promise<HTMLVideoElement | null> => {
    try {
      if (!navigator.mediaDevices?.getUserMedia) throw new DOMException('no media devices', 'NotFoundError');
      stream = await navigator.mediaDevices.getUserMedia({
        video: { width: { ideal: 640 }, height: { ideal: 480 }, facingMode: 'user' },
        audio: false,
      });
    } catch (err) {
      set({ state: cameraError(err), fps: 0, message: err instanceof Error ? err.message.slice(0, 200) : undefined });
      return null;
    }
    const video = document.createElement('video');
    video.muted = true;
    video.playsInline = true;
    video.srcObject = stream;
    await video.play();
    return video;
  };

  const openDetector = () =>
    new Promise<Worker | null>((resolve) => {
      const w = new Worker(o.workerUrl, { type: 'module', name: 'vitrine-detector' });
      w.onmessage = (e: MessageEvent<FromWorker>) => {
        if (e.data.type === 'ready') resolve(w);
        else if (e.data.type === 'error') {
          set({ state: 'model-failed', message: e.data.message });
          w.terminate();
          resolve(null);
        }
      };
      w.onerror = (e) => {
        set({ state: 'model-failed', message: e.message?.slice(0, 200) });
        w.terminate();
        resolve(null);
      };
      w.postMessage({ type: 'load', modelDir: MODEL_DIR, inputSize: o.inputSize } satisfies ToWorker);
    });

  /** One frame through the detector: its faces and the time the worker took. */
  const analyse = (w: Worker, image: ImageBitmap, id: number, read: boolean) =>
    new Promise<FromWorker>((resolve) => {
      w.onmessage = (e: MessageEvent<FromWorker>) => resolve(e.data);
      w.postMessage({ type: 'frame', id, image, read } satisfies ToWorker, [image]);
    });

  const run = async () => {
    for (let attempt = 0; !stopped; attempt++) {
      if (attempt) await sleep(o.retryMs);
      if (stopped) return;
      // a retry keeps reporting the fault it retries (no heartbeat catches a passing 'starting')
      if (!attempt) set({ state: 'starting' });
      const video = await openCamera();
      if (!video) continue;
      worker = await openDetector();
      if (!worker) {
        stopCamera();
        continue;
      }
      set({ state: 'on', message: undefined });
      let live = true;
      stream?.getVideoTracks()[0]?.addEventListener('ended', () => {
        live = false;
      });
      let ema = 0;
      let frames = 0;
      let windowStart = performance.now();
      for (let id = 1; !stopped && live; id++) {
        const t0 = performance.now();
        const h = Math.round((o.frameWidth * video.videoHeight) / Math.max(1, video.videoWidth));
        const image = await createImageBitmap(video, {
          resizeWidth: o.frameWidth,
          resizeHeight: h || Math.round(o.frameWidth * 0.75),
        }).catch(() => null);
        if (!image) {
          await sleep(200); // no frame yet (the camera is warming up)
          continue;
        }
        // the age/gender net runs only while someone in front still needs readings (or nobody is tracked):
        // a visitor standing in front costs the detector alone
        const read = tracker.wantsReadings;
        const answer = await analyse(worker, image, id, read);
        if (answer.type !== 'faces') break;
        hooks.onFrame?.(answer.ms, answer.faces.length, read);
        const { decided, visits } = tracker.update(answer.faces, Date.now());
        for (const d of decided) {
          const pitchId = hooks.onVisitor(d);
          if (pitchId !== undefined) pitches.set(d.trackId, pitchId);
        }
        emit(visits);
        // the pace: the detector busy at most `share` of the time, never above maxFps
        ema = ema ? ema * 0.8 + answer.ms * 0.2 : answer.ms;
        frames++;
        const now = performance.now();
        if (now - windowStart >= 5000) {
          set({ fps: Math.round((frames * 10000) / (now - windowStart)) / 10, inferenceMs: Math.round(ema) });
          frames = 0;
          windowStart = now;
        }
        await sleep(Math.max(1000 / o.maxFps, ema / o.share) - (now - t0));
      }
      emit(tracker.end());
      worker?.terminate();
      worker = null;
      stopCamera();
      if (!stopped) set({ state: 'no-camera', fps: 0, message: 'the camera stopped' });
    }
  };
  const stopCamera = () => {
    stream?.getTracks().forEach((t) => t.stop());
    stream = null;
  };

  void run();
  return () => {
    stopped = true;
    emit(tracker.end());
    worker?.terminate();
    stopCamera();
    set({ state: 'off', fps: 0 });
  };
}
