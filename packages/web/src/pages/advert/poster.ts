/**
 * A video's poster frame, captured in the browser at upload (issue 9 §1): the frame at 1 s (or the
 * middle of a shorter video), scaled to 480 px wide, as a JPEG small enough for the `poster` kind.
 * Null when the browser cannot decode the video.
 */
export function capturePoster(file: File, width = 480): Promise<File | null> {
  if (typeof document === 'undefined' || typeof URL.createObjectURL !== 'function') return Promise.resolve(null);
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const video = document.createElement('video');
    const done = (out: File | null) => {
      URL.revokeObjectURL(url);
      resolve(out);
    };
    const timer = setTimeout(() => done(null), 10_000);
    video.muted = true;
    video.preload = 'auto';
    video.playsInline = true;
    video.onloadedmetadata = () => {
      video.currentTime = Math.min(1, (video.duration || 0) / 2);
    };
    video.onseeked = () => {
      clearTimeout(timer);
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = Math.round((width * video.videoHeight) / Math.max(1, video.videoWidth));
      const g = canvas.getContext('2d');
      if (!g) return done(null);
      g.drawImage(video, 0, 0, canvas.width, canvas.height);
      canvas.toBlob(
        (blob) => done(blob ? new File([blob], `${file.name}.poster.jpg`, { type: 'image/jpeg' }) : null),
        'image/jpeg',
        0.8,
      );
    };
    video.onerror = () => {
      clearTimeout(timer);
      done(null);
    };
    video.src = url;
  });
}
