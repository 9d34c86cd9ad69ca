import { ageBandOf } from '@vitrine/contract/constants';
import type { Face, Reading } from './protocol';

// One visit per person present, from the faces of successive frames (pure: the clock is an argument).
// Each face is matched to the track whose predicted position (its box moved at its recent speed) lies
// nearest; a passer-by at two frames a second moves more than a face's width between frames, so boxes
// of one person need not overlap. A track not seen for
// `lostMs` has left and becomes a visit, its gender and age decided over its readings (the age/gender
// net runs only until each visitor has `readings` of them: then the detector alone follows them).

export const TRACKING = {
  /** a face missing from the frames for longer than this has left (lost for less, it is the same person) */
  lostMs: 1000,
  /** turned to the screen this long: `watch` (API.md), else `pass` */
  watchMs: 3000,
  /** gender readings below this probability do not vote; with none above it the gender is 0 (unknown) */
  genderConfidence: 0.7,
  /** frames a track needs to count as a visit (a single frame may be a false detection) */
  minFrames: 2,
  /** readings after which the visitor's cell is decided (and its pitch shown) */
  decideReadings: 3,
  /** readings a visitor's vote is made of; past them the age/gender net is not asked for this face */
  readings: 7,
  /** a face belongs to a track when its centre lies within this many face widths of the track's predicted centre */
  reach: 1.5,
};
export type TrackingOptions = typeof TRACKING;

export type Cell = { gender: 0 | 1 | 2; ageBand: number };
export type Visit = Cell & { trackId: number; time: number; action: 'pass' | 'watch'; dwellMs: number };
type Box = Pick<Face, 'x' | 'y' | 'w' | 'h'>;
type Track = {
  id: number;
  box: Box;
  vx: number;
  vy: number;
  first: number;
  last: number;
  frames: number;
  facingMs: number;
  readings: Reading[];
  decided: boolean;
  /** analysed frames since it was last seen */
  missed: number;
};

/** Gender by majority of the confident readings (a tie or none: 0), age band of the median age. */
export function vote(readings: readonly Reading[], o: TrackingOptions = TRACKING): Cell {
  let male = 0;
  let female = 0;
  for (const r of readings) {
    if (r.genderProbability < o.genderConfidence) continue;
    if (r.gender === 1) male++;
    else female++;
  }
  const ages = readings.map((r) => r.age).sort((a, b) => a - b);
  const mid = ages.length >> 1;
  const median = ages.length === 0 ? 0 : ages.length % 2 ? ages[mid] : (ages[mid - 1] + ages[mid]) / 2;
  return { gender: male > female ? 1 : female > male ? 2 : 0, ageBand: ageBandOf(median) };
}

/** 1 for the same place, falling to 0 at `reach` face widths between the centres (below 0: too far). */
function nearness(a: Box, b: Box, reach: number): number {
  const d = Math.hypot(a.x + a.w / 2 - (b.x + b.w / 2), a.y + a.h / 2 - (b.y + b.h / 2));
  return 1 - d / (reach * Math.max(a.w, b.w));
}

export class Tracker {
  private tracks: Track[] = [];
  private next = 1;

  constructor(private readonly o: TrackingOptions = TRACKING) {}

  get size(): number {
    return this.tracks.length;
  }

  /** Whether the next frame needs the age/gender net: someone tracked still lacks readings, or nobody is tracked yet. */
  get wantsReadings(): boolean {
    return this.tracks.length === 0 || this.tracks.some((t) => t.readings.length < this.o.readings);
  }

  /**
   * One analysed frame at `now` (ms). Returns the tracks whose cell was decided in this frame (a new
   * visitor: show its pitch now) and the visits of the tracks that ended.
   */
  update(faces: readonly Face[], now: number): { decided: (Cell & { trackId: number })[]; visits: Visit[] } {
    // a track missing from some frame and unseen for longer than lostMs has left, whatever this frame
    // shows. Missing from a frame, not only time: on a slow box frames come more than lostMs apart,
    // and a face present in each of them is still there.
    const visits = this.close((t) => t.missed > 0 && now - t.last > this.o.lostMs);
    // every (track, face) pair near enough, nearest first; each track and face used once
    const pairs: { t: Track; f: number; score: number }[] = [];
    for (const t of this.tracks) {
      const dt = now - t.last;
      const predicted = { ...t.box, x: t.box.x + t.vx * dt, y: t.box.y + t.vy * dt };
      faces.forEach((face, f) => {
        const score = nearness(predicted, face, this.o.reach);
        if (score > 0) pairs.push({ t, f, score });
      });
    }
    pairs.sort((a, b) => b.score - a.score);
    const usedTracks = new Set<Track>();
    const usedFaces = new Set<number>();
    for (const { t, f } of pairs) {
      if (usedTracks.has(t) || usedFaces.has(f)) continue;
      usedTracks.add(t);
      usedFaces.add(f);
      this.extend(t, faces[f], now);
    }
    for (const t of this.tracks) if (!usedTracks.has(t)) t.missed++;
    faces.forEach((face, f) => {
      if (usedFaces.has(f)) return;
      const t: Track = {
        id: this.next++,
        box: face,
        vx: 0,
        vy: 0,
        first: now,
        last: now,
        frames: 0,
        facingMs: 0,
        readings: [],
        decided: false,
        missed: 0,
      };
      this.extend(t, face, now);
      this.tracks.push(t);
    });
    const decided = this.tracks
      .filter((t) => !t.decided && t.readings.length >= this.o.decideReadings)
      .map((t) => {
        t.decided = true;
        return { trackId: t.id, ...vote(t.readings, this.o) };
      });
    return { decided, visits };
  }

  /** Ends every track (the camera stopped): their visits. */
  end(): Visit[] {
    return this.close(() => true);
  }

  private extend(t: Track, face: Face, now: number) {
    const dt = now - t.last;
    if (t.frames > 0 && dt > 0) {
      // velocity of the box's centre, smoothed: a face moving across the frame is looked for ahead
      const vx = (face.x + face.w / 2 - (t.box.x + t.box.w / 2)) / dt;
      const vy = (face.y + face.h / 2 - (t.box.y + t.box.h / 2)) / dt;
      t.vx = t.frames > 1 ? (t.vx + vx) / 2 : vx;
      t.vy = t.frames > 1 ? (t.vy + vy) / 2 : vy;
      t.facingMs += dt;
    }
    t.box = { x: face.x, y: face.y, w: face.w, h: face.h };
    t.last = now;
    t.missed = 0;
    t.frames++;
    if (face.reading && t.readings.length < this.o.readings) t.readings.push(face.reading);
  }

  private close(ended: (t: Track) => boolean): Visit[] {
    const visits: Visit[] = [];
    this.tracks = this.tracks.filter((t) => {
      if (!ended(t)) return true;
      if (t.frames >= this.o.minFrames) {
        visits.push({
          trackId: t.id,
          time: t.first / 1000,
          dwellMs: Math.round(t.last - t.first),
          ...vote(t.readings, this.o),
          action: t.facingMs >= this.o.watchMs ? 'watch' : 'pass',
        });
      }
      return false;
    });
    return visits;
  }
}
