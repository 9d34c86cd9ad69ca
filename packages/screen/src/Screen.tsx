import { useEffect, useRef, useState } from 'react';
import { itemAt, itemDuration, type ScreenItem } from './model';
import { Slide } from './Slides';
import { word, type ScreenLang } from './words';
import './screen.css';

export type ScreenProps = {
  /** 1 landscape (1920×1080 stage), 0 portrait (1080×1920) */
  orientation: 0 | 1;
  items: ScreenItem[];
  lang?: ScreenLang;
  /** music plays by itself (the player); a preview shows its controls instead. Videos are muted and always play. */
  playing?: boolean;
  /** ms on the caller's clock (the player follows its schedule); default: the screen's own timer */
  clock?: number;
  onItemChange?: (item: ScreenItem, index: number) => void;
};

export const STAGE = { 1: { width: 1920, height: 1080 }, 0: { width: 1080, height: 1920 } } as const;
/** How long a new item takes to fade in over the one it replaces (the .vs-slide animation). */
const FADE_MS = 600;

type Shown = { key: string; item: ScreenItem } | null;

/** The stage scaled to fit its box (letterboxed): what an in-store screen shows. */
export function Screen({ orientation, items, lang = 'zh-CN', playing = false, clock, onItemChange }: ScreenProps) {
  const box = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(0);
  const stage = STAGE[orientation];

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const fit = () => setScale(Math.min(el.clientWidth / stage.width, el.clientHeight / stage.height) || 0);
    fit();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(fit);
    ro.observe(el);
    return () => ro.disconnect();
  }, [stage.width, stage.height]);

  // the screen's own clock (unless the caller gives one): time since mount, read again when an item's time is up
  const [start] = useState(() => Date.now());
  const [now, setNow] = useState(start);
  const { index } = itemAt(items, clock ?? now - start);
  const current = items[index];
  useEffect(() => {
    if (clock !== undefined || items.length < 2) return;
    const at = itemAt(items, Date.now() - start);
    const timer = setTimeout(() => setNow(Date.now()), itemDuration(items[at.index]) - at.offsetMs);
    return () => clearTimeout(timer);
  }, [clock, items, now, start]);
  useEffect(() => {
    if (current) onItemChange?.(current, index);
  }, [current, index, onItemChange]);

  // cross-fade: the item left behind stays under the new one while it fades in
  const key = current ? `${current.key}-${index}` : '';
  const [shown, setShown] = useState<Shown>(null);
  const [leaving, setLeaving] = useState<Shown>(null);
  if (key !== (shown?.key ?? '')) {
    setLeaving(shown);
    setShown(current ? { key, item: current } : null);
  }
  useEffect(() => {
    if (!leaving) return;
    const timer = setTimeout(() => setLeaving(null), FADE_MS);
    return () => clearTimeout(timer);
  }, [leaving]);
  const slides = [
    ...(leaving && current ? [{ ...leaving, gone: true }] : []),
    ...(current ? [{ key, item: current, gone: false }] : []),
  ];

  return (
    <div ref={box} className="vs-box" data-testid="vs-screen" data-orientation={orientation}>
      <div
        className="vs-stage"
        data-testid="vs-stage"
        style={{ width: stage.width, height: stage.height, transform: `translate(-50%, -50%) scale(${scale})` }}
      >
        {slides.map((s) => (
          <div
            key={s.key}
            className={s.gone ? 'vs-slide vs-leaving' : 'vs-slide'}
            data-type={s.item.type}
            aria-hidden={s.gone || undefined}
          >
            <Slide item={s.item} lang={lang} playing={playing} />
          </div>
        ))}
        {current ? null : (
          <div className="vs-splash" data-testid="vs-splash">
            {word(lang, 'splash')}
          </div>
        )}
      </div>
    </div>
  );
}
