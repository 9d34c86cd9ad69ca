import { describe, expect, it } from 'vitest';
import type { Face, Reading } from './protocol';
import { TRACKING, Tracker, vote, type Visit } from './tracker';

// Synthetic detections (boxes as shares of the frame), a frame every 250 ms unless said otherwise.
const woman: Reading = { gender: 2, genderProbability: 0.95, age: 27 };
const face = (x: number, reading: Reading | undefined = woman, y = 0.3, w = 0.12): Face => ({
  x,
  y,
  w,
  h: w * 1.3,
  score: 0.9,
  reading,
});

/** Feeds frames (each a list of faces) at `step` ms from t = 0; the visits, and the cells decided on the way. */
function run(frames: Face[][], step = 250, tracker = new Tracker()) {
  const visits: Visit[] = [];
  const decided: unknown[] = [];
  frames.forEach((faces, i) => {
    const r = tracker.update(faces, i * step);
    visits.push(...r.visits);
    decided.push(...r.decided);
  });
  visits.push(...tracker.end());
  return { visits, decided, tracker };
}
const still = (n: number, ...faces: Face[]) => Array.from({ length: n }, () => faces);

describe('the tracker: one visit per person present', () => {
  it('one continuous presence of 20 s is one visit with its dwell, turned to the screen: watch', () => {
    const { visits } = run(still(81, face(0.4)));
    expect(visits).toHaveLength(1);
    expect(visits[0]).toMatchObject({ gender: 2, ageBand: 1, action: 'watch', dwellMs: 20_000, time: 0 });
  });

  it('a face lost for less than a second is still the same visitor; lost longer, a new one', () => {
    const gap = (missing: number) => [...still(8, face(0.4)), ...still(missing, ...[]), ...still(8, face(0.41))];
    expect(run(gap(3)).visits).toHaveLength(1); // 4 × 250 ms between sightings: 1000 ms, not more than lostMs
    expect(run(gap(4)).visits).toHaveLength(2); // 1250 ms
  });

  it('on a slow box (frames 1.5 s apart) a face in every frame is one visit; missing from one, a new one', () => {
    expect(run(still(6, face(0.4)), 1500).visits).toHaveLength(1);
    expect(run([...still(3, face(0.4)), [], ...still(3, face(0.4))], 1500).visits).toHaveLength(2);
  });

  it('two people crossing in front of the screen are two visits, each with their own readings', () => {
    // one walks right, the other left, at the same height, at two frames a second: a box moves 1.2 face
    // widths a frame, so at the crossing each one's last box lies nearer the other's new box than its
    // own; only the tracks' predicted positions keep the two apart (else their readings mix: a tie, unknown)
    const man: Reading = { gender: 1, genderProbability: 0.9, age: 45 };
    const frames = Array.from({ length: 6 }, (_, i) => [face(0.02 + i * 0.144, woman), face(0.86 - i * 0.144, man)]);
    const { visits } = run(frames, 500);
    expect(visits).toHaveLength(2);
    expect(visits.map((v) => [v.gender, v.ageBand]).sort()).toEqual([
      [1, 3],
      [2, 1],
    ]);
  });

  it('a passer-by moving more than a face width between frames is one visit', () => {
    expect(
      run(
        Array.from({ length: 6 }, (_, i) => [face(0.02 + i * 0.15)]),
        500,
      ).visits,
    ).toHaveLength(1);
  });

  it('two people side by side, one leaving early: two visits, the one who stayed ≥ 3 s watches', () => {
    const frames = [...still(6, face(0.1), face(0.6)), ...still(10, face(0.1))];
    const { visits } = run(frames);
    expect(visits.map((v) => v.action).sort()).toEqual(['pass', 'watch']);
  });

  it('watch from 3 s turned to the screen, pass below; a single frame is no visit', () => {
    expect(run(still(13, face(0.4))).visits[0].action).toBe('watch'); // 12 × 250 = 3000 ms
    expect(run(still(12, face(0.4))).visits[0].action).toBe('pass'); // 2750 ms
    expect(run(still(1, face(0.4))).visits).toHaveLength(0);
    expect(run(still(2, face(0.4))).visits).toHaveLength(1);
  });

  it('the cell is decided once, after three readings (the pitch shows then); readings stop at their quota', () => {
    const t = new Tracker();
    expect(t.wantsReadings).toBe(true);
    const { decided } = run(still(TRACKING.readings + 3, face(0.4)), 250, t);
    expect(decided).toHaveLength(1);
    const t2 = new Tracker();
    for (let i = 0; i < TRACKING.decideReadings - 1; i++)
      expect(t2.update([face(0.4)], i * 250).decided).toHaveLength(0);
    expect(t2.update([face(0.4)], 1000).decided).toEqual([{ trackId: 1, gender: 2, ageBand: 1 }]);
    for (let i = 0; i < TRACKING.readings; i++) t2.update([face(0.4)], 1250 + i * 250);
    expect(t2.wantsReadings).toBe(false); // the one visitor has its readings: the detector alone follows them
    t2.update([face(0.4), face(0.8)], 5000);
    expect(t2.wantsReadings).toBe(true); // someone new
  });
});

describe("the vote over a visitor's readings", () => {
  const r = (gender: 1 | 2, genderProbability: number, age = 30): Reading => ({ gender, genderProbability, age });

  it('gender by majority of the confident readings; at the threshold a reading votes, below it not', () => {
    expect(vote([r(2, 0.9), r(2, 0.8), r(1, 0.95)]).gender).toBe(2);
    expect(vote([r(1, TRACKING.genderConfidence), r(2, TRACKING.genderConfidence - 0.01)]).gender).toBe(1);
    expect(vote([r(1, 0.69), r(2, 0.6)]).gender).toBe(0); // none confident: unknown
    expect(vote([r(1, 0.9), r(2, 0.9)]).gender).toBe(0); // a tie: unknown
    expect(vote([]).gender).toBe(0);
  });

  it("age band of the median age, at the bands' edges", () => {
    expect(vote([r(2, 0.9, 10), r(2, 0.9, 18.9), r(2, 0.9, 60)]).ageBand).toBe(0);
    expect(vote([r(2, 0.9, 19)]).ageBand).toBe(1);
    expect(vote([r(2, 0.9, 29.9), r(2, 0.9, 30.1)]).ageBand).toBe(2); // median 30
    expect(vote([r(2, 0.9, 39.99)]).ageBand).toBe(2);
    expect(vote([r(2, 0.9, 40)]).ageBand).toBe(3);
    expect(vote([r(2, 0.9, 49.9)]).ageBand).toBe(3);
    expect(vote([r(2, 0.9, 50)]).ageBand).toBe(4);
  });
});
