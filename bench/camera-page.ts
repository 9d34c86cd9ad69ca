// The page bench/camera.ts opens in Chromium: the player's own audience chunk (startAudience) and
// detector worker, built by Vite, driven from outside. Served as /bench.js beside /player/.
export const BENCH_HTML = `<!doctype html><html><head><meta charset="utf-8"></head><body style="margin:0;background:#000">
<div id="root" hidden></div><!-- the audience chunk shares a chunk with the player's page, which mounts here -->
<video id="v" src="/video.mp4" muted loop playsinline style="width:960px;height:540px"></video>
<script type="module" src="/bench.js"></script></body></html>`;

export const BENCH_JS = `
const q = new URLSearchParams(location.search);
const run = await import(q.get('run'));
const workerUrl = q.get('worker');
const video = document.getElementById('v');
let stop = null;
const frames = [];
const load = (inputSize) => new Promise((resolve, reject) => {
  const w = new Worker(workerUrl, { type: 'module' });
  w.onmessage = (e) => e.data.type === 'ready' ? resolve(w) : reject(new Error(e.data.message));
  w.onerror = (e) => reject(new Error('worker: ' + e.message));
  w.postMessage({ type: 'load', modelDir: q.get('models'), inputSize });
});
const ask = (w, image) => new Promise((resolve) => {
  w.onmessage = (e) => resolve(e.data);
  w.postMessage({ type: 'frame', id: 1, image, read: true }, [image]);
});
window.bench = {
  /** each photo through the detector as the camera path sends it (640 px wide): faces and worker ms, best of warm runs */
  async stills(urls, inputSize, repeat) {
    const w = await load(inputSize);
    const out = [];
    for (const url of urls) {
      const blob = await fetch(url).then((r) => r.blob());
      const bmp = await createImageBitmap(blob);
      const h = Math.round(640 * bmp.height / bmp.width);
      let answer;
      const ms = [];
      for (let i = 0; i < repeat; i++) {
        answer = await ask(w, await createImageBitmap(bmp, { resizeWidth: 640, resizeHeight: h }));
        ms.push(answer.ms);
      }
      out.push({ url, faces: answer.faces, ms });
    }
    w.terminate();
    return out;
  },
  async playVideo() { await video.play(); },
  quality() { const p = video.getVideoPlaybackQuality(); return { total: p.totalVideoFrames, dropped: p.droppedVideoFrames }; },
  start(inputSize) {
    frames.length = 0;
    window.status_ = null;
    stop = run.startAudience({
      onVisitor: () => undefined,
      onVisit: () => undefined,
      onStatus: (s) => { window.status_ = s; },
      onFrame: (ms, faces, read) => frames.push({ ms, faces, read, at: performance.now() }),
    }, { workerUrl, inputSize });
  },
  stop() { stop?.(); stop = null; return frames.slice(); },
  now() { return performance.now(); },
  status() { return window.status_; },
};
window.benchReady = true;
`;
