import { CustomerServiceOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { mediaOf, type MaterialRow } from '../materials';

/** A material's small picture: the image itself, a video's poster frame, or a note for music. */
export function MaterialThumb({
  row,
  size = 64,
  fill = false,
}: {
  row: MaterialRow | undefined;
  size?: number;
  fill?: boolean;
}) {
  const box = {
    width: fill ? '100%' : size,
    height: fill ? undefined : size * 0.5625,
    aspectRatio: fill ? '16 / 9' : undefined,
    borderRadius: 6,
    background: '#1f1f1f',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    overflow: 'hidden',
    flex: 'none',
  } as const;
  if (!row) return <div style={box} />;
  const kind = mediaOf(row.mime);
  if (kind === 'audio')
    return (
      <div style={box}>
        <CustomerServiceOutlined style={{ color: '#fff', fontSize: size / 4 }} />
      </div>
    );
  const src = kind === 'video' ? row.posterUrl : row.url;
  return (
    <div style={{ ...box, position: 'relative' }}>
      {src ? <img src={src} alt="" style={{ width: '100%', height: '100%', objectFit: 'cover' }} /> : null}
      {kind === 'video' ? (
        <PlayCircleOutlined style={{ position: 'absolute', color: '#fff', fontSize: size / 4 }} />
      ) : null}
    </div>
  );
}
