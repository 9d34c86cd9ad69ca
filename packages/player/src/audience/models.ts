// The detector's files, served by the player itself under /player/models/ (copied from the npm
// packages at build, vite.config.ts) and precached by its Service Worker, so a screen that boots
// offline still counts its visitors. The folder's version changes whenever a file does (a new
// face-api or tfjs release): the worker then caches the new set and old screens keep the old one.

export const MODEL_DIR = '/player/models/fa1.7.15-tf4.22.0/';

/** Where each file comes from (package, path inside it): the build copies them. */
export const MODEL_SOURCES = {
  'tiny_face_detector_model-weights_manifest.json': [
    '@vladmandic/face-api',
    'model/tiny_face_detector_model-weights_manifest.json',
  ],
  'tiny_face_detector_model.bin': ['@vladmandic/face-api', 'model/tiny_face_detector_model.bin'],
  'age_gender_model-weights_manifest.json': ['@vladmandic/face-api', 'model/age_gender_model-weights_manifest.json'],
  'age_gender_model.bin': ['@vladmandic/face-api', 'model/age_gender_model.bin'],
  'tfjs-backend-wasm-simd.wasm': ['@tensorflow/tfjs-backend-wasm', 'dist/tfjs-backend-wasm-simd.wasm'],
  'tfjs-backend-wasm.wasm': ['@tensorflow/tfjs-backend-wasm', 'dist/tfjs-backend-wasm.wasm'],
} as const;

/**
 * What the Service Worker fetches at install: the two models and the SIMD build of the WASM backend
 * (every Chromium since 91). The plain build is only for a box without SIMD: cached when first used.
 */
export const PRECACHED = [
  'tiny_face_detector_model-weights_manifest.json',
  'tiny_face_detector_model.bin',
  'age_gender_model-weights_manifest.json',
  'age_gender_model.bin',
  'tfjs-backend-wasm-simd.wasm',
].map((f) => MODEL_DIR + f);
