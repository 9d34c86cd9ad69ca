import { useEffect, useRef } from 'react';
import { CAMERA_ERRORS } from '@vitrine/contract/constants';
import detectorUrl from './audience/detector.worker?worker&url';
import type { AudienceStatus } from './audience/run';
import type { Cell } from './audience/tracker';

// The player's audience (issue 26): with AI on, the camera module and its detector worker are loaded
// (a chunk of their own, cached by the Service Worker) and started; with AI off they stop. Only the
// visit leaves: the hooks below get a cell or a visit, never a picture.

export type AudienceVisit = Cell & { time: number; action: 'pass' | 'watch'; dwellMs: number; pitchId?: number };
export type AudienceEffects = {
  /** a new visitor: show the pitch of their cell; its id, if there is one */
  greet: (cell: Cell) => number | undefined;
  visit: (v: AudienceVisit) => void;
};

/** The detector's chunk: the page puts it in the shell cache so a screen that boots offline can start it. */
export const DETECTOR_URL = detectorUrl;

/** What the heartbeat says of the camera: `camera` and the errors of a fault. */
export function cameraReport(s: AudienceStatus | null) {
  if (!s) return { camera: undefined, errors: [] };
  const code = CAMERA_ERRORS[s.state];
  return {
    camera: { state: s.state, fps: s.fps, lastVisitAt: s.lastVisitAt },
    errors: code ? [{ code, ...(s.message ? { message: s.message } : {}) }] : [],
  };
}

/** Runs the audience while `on`; the latest status (for the heartbeat), also on window.vitrineAudience for tests and the bench. */
export function useAudience(on: boolean, effects: AudienceEffects) {
  const status = useRef<AudienceStatus | null>(null);
  const fx = useRef(effects);
  fx.current = effects;
  useEffect(() => {
    const publish = (s: AudienceStatus) => {
      status.current = s;
      (window as { vitrineAudience?: AudienceStatus }).vitrineAudience = s;
    };
    if (!on) {
      if (status.current) publish({ ...status.current, state: 'off', fps: 0, message: undefined });
      return;
    }
    let stop: (() => void) | null = null;
    let cancelled = false;
    void import('./audience/run').then(
      ({ startAudience }) => {
        if (cancelled) return;
        stop = startAudience(
          {
            onVisitor: (cell) => fx.current.greet(cell),
            onVisit: (v) => fx.current.visit(v),
            onStatus: publish,
          },
          { workerUrl: detectorUrl },
        );
      },
      (err: unknown) =>
        publish({
          state: 'model-failed',
          fps: 0,
          inferenceMs: 0,
          lastVisitAt: null,
          message: String(err).slice(0, 200),
        }),
    );
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [on]);
  return status;
}
