import { z } from 'zod';
import { defineCall } from './call.js';
import { id, int, optionalText, text } from './fields.js';

// Files: upload permits, uploads, info by hash, URLs, attaching a file to the materials library
// (issue 3; the library's own calls are in materials.ts).

export const UPLOAD_KINDS = ['logo', 'avatar', 'material', 'poster', 'attachment'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];
/** Kinds stored without a console upload permit: the screenshot a device sends back for a command. */
export type StoredKind = UploadKind | 'screenshot';

const KB = 1024;
const MB = 1024 * KB;

/** One accepted format of a kind: the sniffed extension and MIME, and the largest size in bytes (inclusive). */
export type UploadRule = { ext: string; mime: string; max: number };

const smallImages = (max: number): UploadRule[] => [
  { ext: 'png', mime: 'image/png', max },
  { ext: 'jpg', mime: 'image/jpeg', max },
];

/**
 * Attachments of notifications (issue 12): the spec's file types (§3) up to 20 MB. Binary formats
 * are recognised by their bytes; text ones (csv, txt, html), which have no signature, by a name with
 * their extension over bytes that are UTF-8 without NUL (TEXT_ATTACHMENTS).
 */
const ATTACHMENT_MAX = 20 * MB;
export const TEXT_ATTACHMENTS: Record<string, string> = {
  csv: 'text/csv',
  txt: 'text/plain',
  html: 'text/html',
  htm: 'text/html',
};
const ATTACHMENT_RULES: UploadRule[] = [
  ...[
    ['pdf', 'application/pdf'],
    ['docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['pptx', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
    ['cfb', 'application/x-cfb'],
    ['zip', 'application/zip'],
    ['7z', 'application/x-7z-compressed'],
    ['rar', 'application/x-rar-compressed'],
    ['mp4', 'video/mp4'],
    ['mp3', 'audio/mpeg'],
    ['aac', 'audio/aac'],
    ['jpg', 'image/jpeg'],
    ['png', 'image/png'],
    ['gif', 'image/gif'],
    ['webp', 'image/webp'],
  ].map(([ext, mime]) => ({ ext, mime, max: ATTACHMENT_MAX })),
  ...Object.entries(TEXT_ATTACHMENTS).map(([ext, mime]) => ({ ext, mime, max: ATTACHMENT_MAX })),
];

/**
 * What each kind accepts, judged on the bytes (never the name or the client's MIME).
 * logo / avatar: png, jpeg or webp images up to 200 KB. material (spec §9): mp4 under 20 MB,
 * jpg or png under 200 KB, and background music as mp3 or aac under 10 MB (issue 9). poster: the
 * small frame the console captures from a video at upload.
 */
export const UPLOAD_RULES: Record<StoredKind, UploadRule[]> = {
  logo: [...smallImages(200 * KB), { ext: 'webp', mime: 'image/webp', max: 200 * KB }],
  avatar: [...smallImages(200 * KB), { ext: 'webp', mime: 'image/webp', max: 200 * KB }],
  material: [
    { ext: 'mp4', mime: 'video/mp4', max: 20 * MB - 1 },
    ...smallImages(200 * KB - 1),
    { ext: 'mp3', mime: 'audio/mpeg', max: 10 * MB - 1 },
    { ext: 'aac', mime: 'audio/aac', max: 10 * MB - 1 },
  ],
  poster: [...smallImages(200 * KB), { ext: 'webp', mime: 'image/webp', max: 200 * KB }],
  attachment: ATTACHMENT_RULES,
  screenshot: [...smallImages(2 * MB), { ext: 'webp', mime: 'image/webp', max: 2 * MB }],
};

/** The largest upload a kind accepts at all (the permit's maxSize). */
export const maxUploadSize = (kind: StoredKind) => Math.max(...UPLOAD_RULES[kind].map((r) => r.max));

/** SHA-256 of the content, lowercase hex. */
export const sha256Hex = z
  .string({ error: 'field.required' })
  .trim()
  .toLowerCase()
  .regex(/^[0-9a-f]{64}$/, 'field.invalid');

/** A stored file of the current enterprise. `type` is the spec's file-type code (1–10); times in Unix seconds. */
export const fileRecord = z.object({
  id: z.number(),
  hash: z.string(),
  kind: z.string(),
  name: z.string(),
  mime: z.string(),
  ext: z.string(),
  type: z.number(),
  size: z.number(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  /** seconds, for videos whose duration could be read */
  duration: z.number().nullable(),
  ctime: z.number(),
  /** a short-lived signed download URL (see file/url) */
  url: z.string(),
  /** Logos and avatars only: a lasting address (by content hash) to store in logo/avatar fields. */
  publicUrl: z.string().optional(),
});
export type FileRecord = z.infer<typeof fileRecord>;

export const signedUrl = z.object({ url: z.string(), expires: z.number() });

const kind = z.enum(UPLOAD_KINDS, { error: 'field.invalid' });

export const filesApi = {
  file: {
    signature: defineCall({
      path: 'file/signature',
      method: 'GET',
      auth: 'tenant',
      summary:
        'A short-lived signed upload permit (query: kind = logo | avatar | material | poster; optional name, size)',
      body: z.object({ kind, name: optionalText(200), size: int.min(0, 'field.invalid').optional() }),
      result: z.object({ permit: z.string(), expires: z.number(), maxSize: z.number(), accept: z.array(z.string()) }),
    }),
    info: defineCall({
      path: 'file/info',
      auth: 'tenant',
      summary: 'The file with this SHA-256 in the current enterprise (40004 when not uploaded here)',
      body: z.object({ hash: sha256Hex }),
      result: fileRecord,
    }),
    url: defineCall({
      path: 'file/url',
      auth: 'tenant',
      summary: 'A short-lived signed download URL of a file (by id or hash)',
      body: z
        .object({ id: id.optional(), hash: sha256Hex.optional() })
        .refine((b) => b.id !== undefined || b.hash !== undefined, { message: 'field.required', path: ['id'] }),
      result: signedUrl,
    }),
    save: defineCall({
      path: 'file/save',
      auth: 'tenant',
      perm: { menu: '/advert', bit: 'create' },
      summary:
        'Attach an uploaded material (id) to the library with a title and, for a video, its poster frame ' +
        '(posterId: a file of kind poster); a file already in the library answers its existing entry',
      log: { entity: 'material', verb: 'create' },
      body: z.object({ id, title: text(100), posterId: id.optional() }),
      result: z.object({ id: z.number(), fileId: z.number(), title: z.string(), ctime: z.number() }),
    }),
  },
};

/**
 * file/upload: multipart/form-data with the permit (header `permit` or a field `permit` before the
 * file) and one file part. Streamed, so it is registered by hand in the server rather than through
 * the registry above; described here so the client and OpenAPI share its shape.
 */
export const fileUpload = defineCall({
  path: 'file/upload',
  auth: 'tenant',
  summary: 'Upload one file (multipart) with a permit from file/signature',
  log: { entity: 'file', verb: 'create' },
  body: z.object({ permit: z.string().max(1000).optional() }),
  result: fileRecord,
});
