import { UPLOAD_RULES, type UploadKind, type UploadRule } from '@vitrine/contract';

// The spec's upload hints (§5, §9): materials 1920x1080; mp4 under 20MB; jpg or png under 200KB.
// Logo and avatar are small images. The limits are the contract's UPLOAD_RULES, the same the server
// enforces on the bytes (40013); checking here first only saves the user a useless upload.

export type { UploadKind };

export const MATERIAL_SIZE = { width: 1920, height: 1080 } as const;

export type FileLike = { name: string; type: string; size: number };

const EXT_MIME: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  mp4: 'video/mp4',
  mp3: 'audio/mpeg',
  aac: 'audio/aac',
};

/** The MIME type the browser reports, else the one the extension suggests. */
export function mimeOf(file: FileLike): string {
  if (file.type) return file.type.toLowerCase();
  const ext = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? '';
  return EXT_MIME[ext] ?? '';
}

export function ruleFor(kind: UploadKind, file: FileLike): UploadRule | null {
  const mime = mimeOf(file);
  return UPLOAD_RULES[kind].find((r) => r.mime === mime) ?? null;
}

export function acceptOf(kind: UploadKind): string {
  const rules = UPLOAD_RULES[kind];
  return [...new Set([...rules.map((r) => r.mime), ...rules.map((r) => `.${r.ext}`)])].join(',');
}

/** A refusal as an i18n key of the upload namespace. */
export type HintProblem = {
  key:
    | 'error.formatImage'
    | 'error.formatMaterial'
    | 'error.imageTooLarge'
    | 'error.videoTooLarge'
    | 'error.audioTooLarge'
    | 'error.attachmentTooLarge';
};

/** Checks a file against the rules of its kind; null when it may be uploaded. */
export function checkFile(kind: UploadKind, file: FileLike): HintProblem | null {
  // attachments: browsers name office and archive types unevenly; the server judges the bytes, here only the size
  if (kind === 'attachment')
    return file.size <= Math.max(...UPLOAD_RULES.attachment.map((r) => r.max))
      ? null
      : { key: 'error.attachmentTooLarge' };
  const rule = ruleFor(kind, file);
  if (!rule) return { key: kind === 'material' ? 'error.formatMaterial' : 'error.formatImage' };
  if (file.size <= rule.max) return null;
  return {
    key: rule.mime.startsWith('video/')
      ? 'error.videoTooLarge'
      : rule.mime.startsWith('audio/')
        ? 'error.audioTooLarge'
        : 'error.imageTooLarge',
  };
}

/** Advice only (materials): a picture that is not 1920x1080 is allowed but will be scaled. */
export function sizeAdvice(kind: UploadKind, width: number, height: number): boolean {
  if (kind !== 'material') return false;
  return width !== MATERIAL_SIZE.width || height !== MATERIAL_SIZE.height;
}
