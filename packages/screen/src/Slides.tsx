import { useState } from 'react';
import { compareRows, formatPrice, isVideo, type ScreenItem, type ScreenMedia, type ScreenProduct } from './model';
import { word, type ScreenLang } from './words';

// One item as the stage draws it, by ad type (spec §3): pictures and videos full-bleed, a product
// with its panel, a comparison table, or the music card.

/** A picture or a video (muted, so it may start by itself in a preview too; looped while its slot lasts). */
function Media({ media }: { media: ScreenMedia | undefined }) {
  if (!media) return <div className="vs-media vs-blank" />;
  if (isVideo(media))
    return <video className="vs-media" src={media.url} muted playsInline loop autoPlay data-kind="video" />;
  return <img className="vs-media" src={media.url} alt="" data-kind="image" />;
}

function ProductPanel({ p, lang }: { p: ScreenProduct; lang: ScreenLang }) {
  return (
    <div className="vs-panel" data-testid="vs-product">
      {p.brand ? <div className="vs-brand">{p.brand}</div> : null}
      <div className="vs-name">{p.name}</div>
      <div className="vs-price" aria-label={word(lang, 'price')}>
        {formatPrice(p.price)}
        {p.unit ? <small> / {p.unit}</small> : null}
      </div>
      {p.sellingPoints.length ? (
        <ul className="vs-points" aria-label={word(lang, 'points')}>
          {p.sellingPoints.slice(0, 4).map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ul>
      ) : null}
      {p.specs.length ? (
        <dl className="vs-specs">
          {p.specs.slice(0, 6).map((s) => (
            <div key={s.name}>
              <dt>{s.name}</dt>
              <dd>{s.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </div>
  );
}

function Details({ item, lang }: { item: ScreenItem; lang: ScreenLang }) {
  const p = item.products?.[0];
  const media = item.media[0] ?? p?.image;
  const layout = item.layout ?? 'full';
  return (
    <div className={`vs-details vs-layout-${layout}`} data-testid="vs-details">
      <div className="vs-details-media">
        <Media media={media} />
      </div>
      {p ? <ProductPanel p={p} lang={lang} /> : null}
    </div>
  );
}

function Compare({ item, lang }: { item: ScreenItem; lang: ScreenLang }) {
  const products = (item.products ?? []).slice(0, 4);
  const rows = compareRows(products, item.specNames ?? []);
  return (
    <div className="vs-compare" data-testid="vs-compare" style={{ ['--vs-cols' as string]: products.length || 1 }}>
      <div className="vs-compare-title">{word(lang, 'compare')}</div>
      <div className="vs-compare-grid">
        <div />
        {products.map((p) => (
          <div key={p.id} className="vs-compare-head">
            {p.image ? <img src={p.image.url} alt="" /> : <div className="vs-blank" />}
            <div className="vs-name">{p.name}</div>
            <div className="vs-price">{formatPrice(p.price)}</div>
          </div>
        ))}
        {rows.map((r) => [
          <div key={`${r.name}-n`} className="vs-compare-name">
            {r.name}
          </div>,
          ...r.values.map((v, i) => (
            <div key={`${r.name}-${i}`} className={r.differs ? 'vs-compare-cell vs-differs' : 'vs-compare-cell'}>
              {v}
            </div>
          )),
        ])}
      </div>
    </div>
  );
}

/** The music card; its tracks play one after another (by themselves only on a screen, `playing`). */
function Music({ item, lang, playing }: { item: ScreenItem; lang: ScreenLang; playing: boolean }) {
  const [played, setPlayed] = useState(0);
  const of = item.media.length;
  const n = played % Math.max(1, of);
  return (
    <div className="vs-music" data-testid="vs-music">
      <div className="vs-note">♪</div>
      <div className="vs-name">{word(lang, 'music')}</div>
      {of ? <div className="vs-track">{word(lang, 'track', { n: n + 1, of })}</div> : null}
      {of ? (
        <audio
          src={item.media[n].url}
          autoPlay={playing}
          controls={!playing}
          loop={of === 1}
          onEnded={() => setPlayed(played + 1)}
        />
      ) : null}
    </div>
  );
}

export function Slide({ item, lang, playing }: { item: ScreenItem; lang: ScreenLang; playing: boolean }) {
  if (item.type === 'details') return <Details item={item} lang={lang} />;
  if (item.type === 'compare') return <Compare item={item} lang={lang} />;
  if (item.type === 'bgm') return <Music item={item} lang={lang} playing={playing} />;
  return <Media media={item.media[0]} />;
}
