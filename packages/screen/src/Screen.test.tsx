import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRoot } from 'react-dom/client';
import { act } from 'react';
import { Screen, type ScreenItem, type ScreenProduct } from './index';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function render(el: React.ReactElement): HTMLElement & { rerender: (el: React.ReactElement) => void } {
  const host = document.createElement('div');
  document.body.appendChild(host);
  const root = createRoot(host);
  act(() => root.render(el));
  return Object.assign(host, { rerender: (next: React.ReactElement) => act(() => root.render(next)) });
}
const tick = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const shownSrcs = (host: HTMLElement) =>
  [...host.querySelectorAll('.vs-slide:not(.vs-leaving) img')].map((i) => i.getAttribute('src'));
afterEach(() => vi.useRealTimers());

const product = (id: number, price: number, origin: string): ScreenProduct => ({
  id,
  name: `茶${id}`,
  brand: '山里',
  price,
  unit: '盒',
  sellingPoints: ['明前采摘'],
  specs: [
    { name: '产地', value: origin },
    { name: '净含量', value: '250g' },
  ],
});
const item = (over: Partial<ScreenItem>): ScreenItem => ({
  key: 'k',
  contentId: 1,
  type: 'main',
  durationMs: 0,
  media: [],
  ...over,
});

describe('<Screen>', () => {
  it('draws a 1920×1080 stage in landscape and 1080×1920 in portrait', () => {
    const land = render(<Screen orientation={1} items={[]} />);
    expect(land.querySelector<HTMLElement>('[data-testid=vs-stage]')!.style.width).toBe('1920px');
    const port = render(<Screen orientation={0} items={[]} />);
    const stage = port.querySelector<HTMLElement>('[data-testid=vs-stage]')!;
    expect([stage.style.width, stage.style.height]).toEqual(['1080px', '1920px']);
    expect(port.querySelector('[data-testid=vs-splash]')?.textContent).toBe('Vitrine');
  });

  it('a carousel shows its picture; a video plays muted and looped, in a preview too', () => {
    const pic = render(<Screen orientation={1} items={[item({ media: [{ url: '/a.png', mime: 'image/png' }] })]} />);
    expect(pic.querySelector('img')?.getAttribute('src')).toBe('/a.png');
    const vid = render(
      <Screen orientation={1} items={[item({ type: 'default', media: [{ url: '/v.mp4', mime: 'video/mp4' }] })]} />,
    );
    const video = vid.querySelector('video')!;
    expect(video.getAttribute('src')).toBe('/v.mp4');
    expect([video.muted, video.loop, video.autoplay]).toEqual([true, true, true]);
  });

  it('a product display shows name, brand, price and selling points', () => {
    const host = render(
      <Screen
        orientation={1}
        items={[item({ type: 'details', layout: 'left', products: [product(1, 3800, '杭州')] })]}
      />,
    );
    const panel = host.querySelector('[data-testid=vs-product]')!;
    expect(panel.textContent).toContain('茶1');
    expect(panel.textContent).toContain('山里');
    expect(panel.textContent).toContain('¥38.00');
    expect(panel.textContent).toContain('明前采摘');
    expect(host.querySelector('.vs-layout-left')).not.toBeNull();
    expect(panel.querySelectorAll('.vs-specs dt')).toHaveLength(2);
  });

  it('a product display over its own video, the panel at the bottom (layout full)', () => {
    const host = render(
      <Screen
        orientation={0}
        items={[
          item({
            type: 'details',
            layout: 'full',
            media: [{ url: '/v.mp4', mime: 'video/mp4' }],
            products: [product(1, 100, '杭州')],
          }),
        ]}
      />,
    );
    expect(host.querySelector('.vs-layout-full video')?.getAttribute('src')).toBe('/v.mp4');
    expect(host.querySelector('.vs-layout-full [data-testid=vs-product]')).not.toBeNull();
  });

  it('a comparison lists the products and highlights differing rows, in English too', () => {
    const host = render(
      <Screen
        orientation={1}
        lang="en-US"
        items={[
          item({
            type: 'compare',
            products: [product(1, 100, '杭州'), product(2, 200, '福建')],
            specNames: ['产地', '净含量'],
          }),
        ]}
      />,
    );
    const table = host.querySelector('[data-testid=vs-compare]')!;
    expect(table.textContent).toContain('Compare');
    expect([...table.querySelectorAll('.vs-differs')].map((e) => e.textContent)).toEqual(['杭州', '福建']);
    expect(table.querySelectorAll('.vs-compare-head img')).toHaveLength(0);
  });

  it('a comparison shows at most four products', () => {
    const five = [1, 2, 3, 4, 5].map((id) => product(id, 100, '杭州'));
    const host = render(
      <Screen orientation={1} items={[item({ type: 'compare', products: five, specNames: ['产地'] })]} />,
    );
    expect([...host.querySelectorAll('.vs-compare-head .vs-name')].map((e) => e.textContent)).toEqual([
      '茶1',
      '茶2',
      '茶3',
      '茶4',
    ]);
    expect(host.querySelectorAll('.vs-compare-cell')).toHaveLength(4);
  });

  it('background music shows its card with the track count and goes on to the next track', () => {
    const tracks = [
      { url: '/a.mp3', mime: 'audio/mpeg' },
      { url: '/b.mp3', mime: 'audio/mpeg' },
    ];
    const host = render(<Screen orientation={1} items={[item({ type: 'bgm', media: tracks })]} />);
    const audio = () => host.querySelector('audio')!;
    expect(host.querySelector('[data-testid=vs-music]')?.textContent).toContain('第 1/2 首');
    expect([audio().getAttribute('src'), audio().autoplay, audio().controls]).toEqual(['/a.mp3', false, true]);
    act(() => audio().dispatchEvent(new Event('ended')));
    expect(host.querySelector('[data-testid=vs-music]')?.textContent).toContain('第 2/2 首');
    expect(audio().getAttribute('src')).toBe('/b.mp3');
    const screen = render(
      <Screen orientation={1} lang="en-US" playing items={[item({ type: 'bgm', media: tracks.slice(0, 1) })]} />,
    );
    expect(screen.textContent).toContain('Track 1 of 1');
    expect([screen.querySelector('audio')!.autoplay, screen.querySelector('audio')!.loop]).toEqual([true, true]);
  });

  it('moves on by its own timer even while its parent keeps re-rendering (the form preview)', () => {
    vi.useFakeTimers();
    const items = () =>
      ['/a.png', '/b.png'].map((url) => item({ key: url, durationMs: 1000, media: [{ url, mime: 'image/png' }] }));
    const host = render(<Screen orientation={1} items={items()} />);
    expect(shownSrcs(host)).toEqual(['/a.png']);
    tick(600);
    host.rerender(<Screen orientation={1} items={items()} />);
    tick(500);
    expect(shownSrcs(host)).toEqual(['/b.png']);
  });

  it('cross-fades: the item left behind stays under the new one until it has faded in; a clock drives it instead of the timer', () => {
    vi.useFakeTimers();
    const items = ['/a.png', '/b.png'].map((url) =>
      item({ key: url, durationMs: 1000, media: [{ url, mime: 'image/png' }] }),
    );
    const seen: number[] = [];
    const onItemChange = (_: ScreenItem, i: number) => seen.push(i);
    const host = render(<Screen orientation={1} items={items} clock={0} onItemChange={onItemChange} />);
    tick(5000);
    expect(shownSrcs(host)).toEqual(['/a.png']);
    host.rerender(<Screen orientation={1} items={items} clock={1000} onItemChange={onItemChange} />);
    expect(shownSrcs(host)).toEqual(['/b.png']);
    expect(host.querySelector('.vs-leaving img')?.getAttribute('src')).toBe('/a.png');
    tick(600);
    expect(host.querySelector('.vs-leaving')).toBeNull();
    expect(seen).toEqual([0, 1]);
  });
});
