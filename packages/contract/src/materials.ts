import { z } from 'zod';
import { defineCall } from './call.js';
import { id, optionalText, text } from './fields.js';
import { listOf, paging } from './list.js';

// The materials library's own calls (issue 9 §1). A file enters the library through file/save
// (files.ts); these list, rename and remove its entries.

export const MATERIAL_MEDIA = ['image', 'video', 'audio'] as const;
export type MaterialMedia = (typeof MATERIAL_MEDIA)[number];

/** Screen sizes a picture or video fits without scaling (landscape and portrait). */
export const SCREEN_SIZES = [
  [1920, 1080],
  [1080, 1920],
] as const;

/** One entry of the materials library (API.md: type, name, size, width/height, duration, poster, where used). */
export const materialRow = z.object({
  /** the library entry's id (material/rename, material/delete) */
  id: z.number(),
  /** the file's id (what ad contents and products name) */
  fileId: z.number(),
  title: z.string(),
  sha256: z.string(),
  mime: z.string(),
  ext: z.string(),
  /** the spec's file-type code (FILE_TYPE: 3 video, 5 image, 9 audio) */
  type: z.number(),
  size: z.number(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  /** seconds (videos and music, when the file says) */
  duration: z.number().nullable(),
  ctime: z.number(),
  /** short-lived signed URLs of the bytes and of a video's poster frame */
  url: z.string(),
  posterUrl: z.string().nullable(),
  /** ad contents (not deleted) whose pictures, videos or music use it: the enabled version or a pending edit */
  usedBy: z.array(z.object({ id: z.number(), name: z.string() })),
  /** how many products (not deleted) show it among their images */
  products: z.number(),
  /** 'size': a picture or video that is neither 1920×1080 nor 1080×1920 (advice, not refusal) */
  advice: z.enum(['size']).nullable(),
});
export type MaterialRow = z.infer<typeof materialRow>;

const ADVERT = '/advert';

export const materialsApi = {
  material: {
    list: defineCall({
      path: 'material/list',
      auth: 'tenant',
      perm: { menu: ADVERT, bit: 'view' },
      summary: 'The materials library, newest first: by media type (image | video | audio) and title keyword',
      body: paging.extend({
        type: z.enum(MATERIAL_MEDIA, { error: 'field.invalid' }).optional(),
        keyword: optionalText(100),
      }),
      result: listOf(materialRow),
    }),
    rename: defineCall({
      path: 'material/rename',
      auth: 'tenant',
      perm: { menu: ADVERT, bit: 'update' },
      log: { entity: 'material', verb: 'update' },
      summary: 'Rename a material',
      body: z.object({ id, title: text(100) }),
      result: materialRow,
    }),
    delete: defineCall({
      path: 'material/delete',
      auth: 'tenant',
      perm: { menu: ADVERT, bit: 'delete' },
      log: { entity: 'material', verb: 'delete' },
      summary:
        'Remove a material from the library (40009 while an ad content or product uses it); the stored file stays',
      body: z.object({ id }),
      result: z.object({ id: z.number() }),
    }),
  },
};
