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
  /** videos and music play (the player); a preview shows them paused until clicked */
  playing?: boolean;
  /** ms on the caller's clock (the player follows its schedule); default: the screen's own timer */
  clock?: number;
  onItemChange?: (item: ScreenItem, index: number) => void;
};

export const STAGE = { 1: { width: 1920, height: 1080 }, 0: { width: 1080, height: 1920 } } as const;

/** The stage scaled to fit its box (letterboxed): what an in-store screen shows. */
export function Screen({ orientation, items, lang = 'zh-CN', playing = false, clock, onItemChange }: ScreenProps) {
  const box = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(0);
  const [own, setOwn] = useState(0);
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

  const { index } = itemAt(items, clock ?? own);
  const current = items[index];
  // the screen's own timer: move on when the current item's time is up
  useEffect(() => {
    if (clock !== undefined || !current || items.length < 2) return;
    const left = itemDuration(current) - itemAt(items, own).offsetMs;
    const timer = setTimeout(() => setOwn(own + left), left);
    return () => clearTimeout(timer);
  }, [clock, current, items, own]);
  useEffect(() => {
    if (current) onItemChange?.(current, index);
  }, [current, index, onItemChange]);

  return (
    <div ref={box} className="vs-box" data-testid="vs-screen" data-orientation={orientation}>
      <div
        className="vs-stage" data-testid="vs-stage"
        style={{ width: stage.width, height: stage.height, transform: `translate(-50%, -50%) scale(${scale})` }}
      >
        {current ? (
          <div key={`${current.key}-${index}`} className="vs-slide" data-type={current.type}>
            <Slide item={current} lang={lang} playing={playing} />
          </div>
        ) : (
          <div className="vs-splash" data-testid="vs-splash">{word(lang, 'splash')}</div>
        )}
      </div>
    </div>
  );
}
