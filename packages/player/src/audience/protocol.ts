// What the page and the detector worker say to each other. Only boxes and readings come back from
// the worker: no pixels, crops or face descriptors ever leave it.

/** The age/gender net's reading of one face. */
export type Reading = {
  /** 1 male, 2 female (the device protocol's codes) */
  gender: 1 | 2;
  /** the model's probability for that gender, 0.5–1 */
  genderProbability: number;
  age: number;
};
/** A face in one frame: its box as shares of the frame (0–1), the detector's score and, when asked for, its reading. */
export type Face = { x: number; y: number; w: number; h: number; score: number; reading?: Reading };

export type ToWorker =
  | { type: 'load'; modelDir: string; inputSize: number }
  /** `read`: run the age/gender net on the faces too (only while a visitor still needs readings) */
  | { type: 'frame'; id: number; image: ImageBitmap; read: boolean };

export type FromWorker =
  | { type: 'ready'; backend: string; ms: number }
  | { type: 'faces'; id: number; faces: Face[]; ms: number }
  | { type: 'error'; stage: 'load' | 'frame'; message: string };
