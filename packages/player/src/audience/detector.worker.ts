/// <reference lib="webworker" />
import { getBackend, ready, setBackend } from '@tensorflow/tfjs-core';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import * as faceapi from '@vladmandic/face-api';
import type { Face, FromWorker, ToWorker } from './protocol';

// The detector, off the page's thread: face-api's tiny face detector and its age/gender net on
// TensorFlow.js's WASM backend (decisions/0112: on a box without a GPU, WebGL runs on SwiftShader and
// is several times slower). A frame comes in as an ImageBitmap, boxes and readings go out; the frame
// is closed here and nothing of it is kept.

declare const self: DedicatedWorkerGlobalScope;
// face-api's own handle on TensorFlow.js (the one module at run time; its types are face-api's copy)
const tf = faceapi.tf;

let options: faceapi.TinyFaceDetectorOptions | null = null;
let canvas: OffscreenCanvas | null = null;
const say = (m: FromWorker) => self.postMessage(m);

/** face-api looks for a DOM; a worker has OffscreenCanvas and fetch, which is all it uses here. */
function workerEnv() {
  const none = class {};
  faceapi.env.setEnv({
    Canvas: OffscreenCanvas,
    CanvasRenderingContext2D: OffscreenCanvasRenderingContext2D,
    Image: none,
    ImageData,
    Video: none,
    createCanvasElement: () => new OffscreenCanvas(1, 1),
    createImageElement: () => new none(),
    createVideoElement: () => new none(),
    fetch: (input: RequestInfo, init?: RequestInit) => fetch(input, init),
    readFile: () => {
      throw new Error('no file system in a worker');
    },
  } as unknown as Parameters<typeof faceapi.env.setEnv>[0]);
}

async function load(modelDir: string, inputSize: number) {
  const t0 = performance.now();
  workerEnv();
  setWasmPaths(modelDir);
  if (!(await setBackend('wasm'))) throw new Error('the WASM backend did not start');
  await ready();
  await faceapi.nets.tinyFaceDetector.loadFromUri(modelDir);
  await faceapi.nets.ageGenderNet.loadFromUri(modelDir);
  options = new faceapi.TinyFaceDetectorOptions({ inputSize, scoreThreshold: 0.5 });
  say({ type: 'ready', backend: getBackend(), ms: Math.round(performance.now() - t0) });
}

async function detect(image: ImageBitmap, read: boolean): Promise<Face[]> {
  const { width: w, height: h } = image;
  if (!canvas || canvas.width !== w || canvas.height !== h) canvas = new OffscreenCanvas(w, h);
  const g = canvas.getContext('2d', { willReadFrequently: true });
  if (!g) throw new Error('no 2d context');
  g.drawImage(image, 0, 0);
  image.close();
  const input = tf.browser.fromPixels(g.getImageData(0, 0, w, h));
  try {
    const box = (d: faceapi.FaceDetection) => ({
      x: d.box.x / w,
      y: d.box.y / h,
      w: d.box.width / w,
      h: d.box.height / h,
      score: d.score,
    });
    if (!read) return (await faceapi.detectAllFaces(input, options!)).map(box);
    const found = await faceapi.detectAllFaces(input, options!).withAgeAndGender();
    return found.map((f) => ({
      ...box(f.detection),
      reading: { gender: f.gender === 'male' ? 1 : 2, genderProbability: f.genderProbability, age: f.age },
    }));
  } finally {
    input.dispose();
  }
}

self.onmessage = async (e: MessageEvent<ToWorker>) => {
  const m = e.data;
  if (m.type === 'load') {
    try {
      await load(m.modelDir, m.inputSize);
    } catch (err) {
      say({ type: 'error', stage: 'load', message: String(err instanceof Error ? err.message : err).slice(0, 200) });
    }
    return;
  }
  const t0 = performance.now();
  try {
    const faces = await detect(m.image, m.read);
    say({ type: 'faces', id: m.id, faces, ms: performance.now() - t0 });
  } catch (err) {
    say({ type: 'error', stage: 'frame', message: String(err instanceof Error ? err.message : err).slice(0, 200) });
  }
};
