// Server messages of the files area, in both languages.
export const FILES_MESSAGES = {
  'file.notFound': { zh: '文件不存在', en: 'No such file' },
  'file.forbidden': { zh: '您无权查看该文件', en: 'You may not open this file' },
  'file.missing': { zh: '请选择要上传的文件', en: 'Choose a file to upload' },
  'file.permit': {
    zh: '上传凭证无效或已过期，请重新上传',
    en: 'The upload permit is invalid or has expired; please upload again',
  },
  'file.urlExpired': { zh: '文件链接已过期，请刷新页面', en: 'The file link has expired; please reload the page' },
  'file.type.image': {
    zh: '文件类型不支持，请上传 PNG、JPG 或 WebP 图片',
    en: 'Unsupported file type: upload a PNG, JPG or WebP image',
  },
  'file.type.material': {
    zh: '文件类型不支持，请上传 MP4 视频、JPG/PNG 图片或 MP3/AAC 音频',
    en: 'Unsupported file type: upload an MP4 video, a JPG or PNG image, or MP3 or AAC audio',
  },
  'file.tooLarge.audio': { zh: '音频需小于10MB', en: 'The audio must be under 10 MB' },
  'file.tooLarge.image': { zh: '图片不能超过200KB', en: 'The image must be 200 KB or smaller' },
  'file.tooLarge.materialImage': { zh: '图片需小于200KB', en: 'The image must be under 200 KB' },
  'file.tooLarge.video': { zh: '视频需小于20MB', en: 'The video must be under 20 MB' },
} as const satisfies Record<string, { zh: string; en: string }>;
