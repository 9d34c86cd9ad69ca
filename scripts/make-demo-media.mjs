#!/usr/bin/env node
// Makes the demo's advertising materials (packages/server/src/seed/media) with ffmpeg: banners,
// portrait posters, product pictures, a short video and background music. The files are committed:
// the seed never needs ffmpeg. Rerun only to change them:
//   apt-get install -y ffmpeg fonts-wqy-microhei && node scripts/make-demo-media.mjs
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const out = join(dirname(fileURLToPath(import.meta.url)), '../packages/server/src/seed/media');
const font = '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc';
mkdirSync(out, { recursive: true });
const ff = (...args) => execFileSync('ffmpeg', ['-loglevel', 'error', '-y', ...args], { stdio: 'inherit' });

// ------------------------------------------------------------ shapes as geq expressions (X, Y)
// Each silhouette is drawn around (cx, cy) in units u (the object spans about ±100u): `solid` is
// the shape, `cut` the details (label, ribbon, seams) drawn fainter so the background shows through.
const n = (v) => Math.round(v * 10) / 10;
const circ = (cx, cy, r) => `lt(hypot(X-${n(cx)},Y-${n(cy)}),${n(r)})`;
const ring = (cx, cy, r1, r2) => `between(hypot(X-${n(cx)},Y-${n(cy)}),${n(r1)},${n(r2)})`;
const rect = (x0, y0, x1, y1) => `between(X,${n(x0)},${n(x1)})*between(Y,${n(y0)},${n(y1)})`;
const ell = (cx, cy, a, b) => `lt(pow((X-${n(cx)})/${n(a)},2)+pow((Y-${n(cy)})/${n(b)},2),1)`;
/** a trapezoid from y0 (width w0) to y1 (width w1) */
const trap = (cx, y0, y1, w0, w1) =>
  `between(Y,${n(y0)},${n(y1)})*lt(abs(X-${n(cx)}),${n(w0 / 2)}+${n((w1 - w0) / 2)}*(Y-${n(y0)})/${n(y1 - y0)})`;
const any = (...parts) => `gt(${parts.join('+')},0)`;
// coordinates turned by an angle (degrees) around (cx, cy)
const turned = (cx, cy, deg) => {
  const c = Math.cos((deg * Math.PI) / 180).toFixed(4);
  const s = Math.sin((deg * Math.PI) / 180).toFixed(4);
  return { p: `((X-${n(cx)})*${c}+(Y-${n(cy)})*${s})`, q: `((Y-${n(cy)})*${c}-(X-${n(cx)})*${s})` };
};

const SHAPES = {
  bag: (cx, cy, u) => ({
    solid: any(
      rect(cx - 70 * u, cy - 35 * u, cx + 70 * u, cy + 95 * u),
      `${ring(cx, cy - 35 * u, 30 * u, 42 * u)}*lt(Y,${n(cy - 35 * u)})`,
    ),
    cut: rect(cx - 70 * u, cy - 12 * u, cx + 70 * u, cy - 6 * u),
  }),
  cup: (cx, cy, u) => ({
    solid: any(
      trap(cx, cy - 70 * u, cy + 60 * u, 130 * u, 96 * u),
      `${ring(cx + 60 * u, cy - 8 * u, 18 * u, 30 * u)}*gt(X,${n(cx + 50 * u)})`,
      ell(cx, cy + 68 * u, 100 * u, 13 * u),
    ),
    cut: any(
      rect(cx - 70 * u, cy - 42 * u, cx + 70 * u, cy - 30 * u),
      ell(cx - 30 * u, cy - 110 * u, 9 * u, 22 * u),
      ell(cx + 5 * u, cy - 118 * u, 9 * u, 26 * u),
    ),
    extra: any(ell(cx - 30 * u, cy - 110 * u, 9 * u, 22 * u), ell(cx + 5 * u, cy - 118 * u, 9 * u, 26 * u)),
  }),
  gift: (cx, cy, u) => ({
    solid: any(
      rect(cx - 80 * u, cy - 20 * u, cx + 80 * u, cy + 95 * u),
      rect(cx - 92 * u, cy - 52 * u, cx + 92 * u, cy - 22 * u),
      ell(cx - 30 * u, cy - 74 * u, 32 * u, 18 * u),
      ell(cx + 30 * u, cy - 74 * u, 32 * u, 18 * u),
    ),
    cut: any(
      rect(cx - 12 * u, cy - 52 * u, cx + 12 * u, cy + 95 * u),
      rect(cx - 92 * u, cy - 24 * u, cx + 92 * u, cy - 18 * u),
    ),
  }),
  bottle: (cx, cy, u) => ({
    solid: any(
      rect(cx - 42 * u, cy - 30 * u, cx + 42 * u, cy + 100 * u),
      ell(cx, cy - 30 * u, 42 * u, 32 * u),
      rect(cx - 17 * u, cy - 88 * u, cx + 17 * u, cy - 40 * u),
      rect(cx - 21 * u, cy - 108 * u, cx + 21 * u, cy - 84 * u),
    ),
    cut: rect(cx - 42 * u, cy + 10 * u, cx + 42 * u, cy + 55 * u),
  }),
  caddy: (cx, cy, u) => ({
    solid: any(
      rect(cx - 55 * u, cy - 50 * u, cx + 55 * u, cy + 100 * u),
      rect(cx - 60 * u, cy - 82 * u, cx + 60 * u, cy - 50 * u),
    ),
    cut: any(rect(cx - 60 * u, cy - 54 * u, cx + 60 * u, cy - 47 * u), circ(cx, cy + 25 * u, 30 * u)),
  }),
  jar: (cx, cy, u) => ({
    solid: any(
      trap(cx, cy - 45 * u, cy + 100 * u, 124 * u, 92 * u),
      rect(cx - 66 * u, cy - 72 * u, cx + 66 * u, cy - 45 * u),
    ),
    cut: rect(cx - 70 * u, cy + 5 * u, cx + 70 * u, cy + 45 * u),
  }),
  loaf: (cx, cy, u) => {
    const score = (k) => `lt(abs(X-${n(cx + k * u)}-0.6*(Y-${n(cy - 20 * u)})),${n(4 * u)})*lt(Y,${n(cy + 10 * u)})`;
    return {
      solid: any(ell(cx, cy - 10 * u, 105 * u, 62 * u), rect(cx - 105 * u, cy - 10 * u, cx + 105 * u, cy + 70 * u)),
      cut: any(score(-45), score(0), score(45)),
    };
  },
  leaf: (cx, cy, u) => {
    const { p, q } = turned(cx, cy, -40);
    return {
      solid: `lt(pow(${p}/${n(105 * u)},2)+pow(${q}/${n(50 * u)},2),1)`,
      cut: `lt(abs(${q}),${n(3 * u)})*lt(abs(${p}),${n(90 * u)})`,
    };
  },
  scarf: (cx, cy, u) => {
    const a = turned(cx - 20 * u, cy, 65);
    const b = turned(cx + 25 * u, cy + 10 * u, 110);
    const band = (t) => `lt(abs(${t.q}),${n(26 * u)})*lt(abs(${t.p}),${n(95 * u)})`;
    const fringe = (t) =>
      `between(${t.p},${n(95 * u)},${n(118 * u)})*lt(abs(${t.q}),${n(26 * u)})*lt(mod(${t.q}+${n(100 * u)},${n(11 * u)}),${n(5 * u)})`;
    const loop = `${ring(cx, cy - 80 * u, 34 * u, 58 * u)}*lt(Y,${n(cy - 70 * u)})`;
    return {
      solid: any(band(a), band(b), fringe(a), fringe(b), loop),
      cut: `lt(abs(${a.q}),${n(4 * u)})*lt(abs(${a.p}),${n(95 * u)})`,
    };
  },
  badge: (cx, cy, u) => ({
    solid: `lt(hypot(X-${n(cx)},Y-${n(cy)}),${n(95 * u)}+${n(7 * u)}*sin(14*atan2(Y-${n(cy)},X-${n(cx)})))`,
    cut: '0',
  }),
  card: (cx, cy, u) => ({
    solid: any(rect(cx - 100 * u, cy - 62 * u, cx + 100 * u, cy + 62 * u)),
    cut: any(
      rect(cx - 100 * u, cy - 35 * u, cx + 100 * u, cy - 15 * u),
      rect(cx - 75 * u, cy + 10 * u, cx - 35 * u, cy + 38 * u),
    ),
  }),
};

/** A layer (RGBA, white) of one silhouette over a faint disc and a few faint dots. */
function layer(w, h, shape, cx, cy, u, tint = 'white') {
  const s = SHAPES[shape](cx, cy, u);
  const dots = any(
    circ(cx + 150 * u, cy - 120 * u, 22 * u),
    circ(cx - 140 * u, cy + 130 * u, 14 * u),
    circ(cx + 120 * u, cy + 150 * u, 9 * u),
  );
  const alpha = `255*if(${s.solid},0.93*(1-0.6*(${s.cut})),if(${s.extra ?? '0'},0.5,if(${circ(cx, cy, 150 * u)},0.13,if(${dots},0.2,0))))`;
  const rgb = tint === 'white' ? [255, 255, 255] : tint;
  return `color=c=black:s=${w}x${h},format=rgba,geq=r=${rgb[0]}:g=${rgb[1]}:b=${rgb[2]}:a='${alpha}'`;
}

const text = (t, size, x, y, colour = 'white') =>
  `drawtext=fontfile=${font}:text='${t}':fontsize=${size}:fontcolor=${colour}:expansion=none:x=${x}:y=${y}`;

/** A 1920×1080 banner (or 1080×1920 poster): gradient, silhouette, big short text, a rule and a line of small text. */
function banner(file, w, h, c0, c1, shape, big, small, badgeText) {
  const portrait = h > w;
  const [cx, cy, u] = portrait ? [w / 2, h * 0.3, 3.4] : [w * 0.74, h * 0.5, 2.6];
  const words = portrait
    ? [
        text(big, Math.round(w * 0.12), '(w-text_w)/2', Math.round(h * 0.58)),
        `drawbox=x=${(w - 240) / 2}:y=${Math.round(h * 0.68)}:w=240:h=8:color=white@0.9:t=fill`,
        text(small, Math.round(w * 0.045), '(w-text_w)/2', Math.round(h * 0.71), 'white@0.85'),
      ]
    : [
        text(big, Math.round(h * 0.11), Math.round(w * 0.06), Math.round(h * 0.36)),
        `drawbox=x=${Math.round(w * 0.06)}:y=${Math.round(h * 0.56)}:w=${Math.round(w * 0.2)}:h=8:color=white@0.9:t=fill`,
        text(small, Math.round(h * 0.045), Math.round(w * 0.06), Math.round(h * 0.61), 'white@0.85'),
      ];
  if (badgeText)
    words.push(
      text(badgeText, Math.round(70 * u * 0.8), `${Math.round(cx)}-text_w/2`, `${Math.round(cy)}-text_h/2`, c1),
    );
  ff(
    '-f',
    'lavfi',
    '-i',
    `gradients=s=${w}x${h}:c0=${c0}:c1=${c1}:x0=0:y0=0:x1=${w}:y1=${h}:nb_colors=2:seed=7`,
    '-f',
    'lavfi',
    '-i',
    layer(w, h, shape, cx, cy, u),
    '-filter_complex',
    `[0][1]overlay=format=auto,format=yuv420p,${words.join(',')}`,
    '-frames:v',
    '1',
    '-q:v',
    '6',
    join(out, file),
  );
}

banner('new-arrivals.jpg', 1920, 1080, '0x0f766e', '0x134e4a', 'bag', '新品上市', 'New arrivals · 每周上新');
banner(
  'member-day.jpg',
  1920,
  1080,
  '0xbe185d',
  '0x4c0519',
  'gift',
  '会员日 满100减20',
  'Member day · every Wednesday',
);
banner(
  'winter-drinks.jpg',
  1920,
  1080,
  '0xc2410c',
  '0x451a03',
  'cup',
  '冬季暖饮 第二杯半价',
  'Winter drinks · second cup half price',
);
banner('breakfast.jpg', 1920, 1080, '0x1d4ed8', '0x172554', 'loaf', '早餐套餐 ¥9.9', 'Breakfast set · 7 to 10 am');
banner(
  'weekend.jpg',
  1920,
  1080,
  '0x7c3aed',
  '0x2e1065',
  'badge',
  '周末特惠',
  'Weekend deals · up to 40 percent off',
  '-40%',
);
banner(
  'green.jpg',
  1920,
  1080,
  '0x15803d',
  '0x052e16',
  'leaf',
  '绿色生活 自带杯减2元',
  'Go green · bring your own cup',
);
banner('join-portrait.jpg', 1080, 1920, '0xbe123c', '0x4c0519', 'card', '扫码入会', 'Join us · 积分当钱花');
banner(
  'pick-portrait.jpg',
  1080,
  1920,
  '0x0369a1',
  '0x082f49',
  'badge',
  '今日推荐',
  'Pick of the day · 店长精选',
  '荐',
);

/** A 600×600 product picture: a soft gradient, the product's silhouette and its name. */
function product(file, c0, c1, shape, name) {
  ff(
    '-f',
    'lavfi',
    '-i',
    `gradients=s=600x600:c0=${c0}:c1=${c1}:x0=0:y0=0:x1=600:y1=600:nb_colors=2:seed=7`,
    '-f',
    'lavfi',
    '-i',
    layer(600, 600, shape, 300, 250, 1.55),
    '-filter_complex',
    `[0][1]overlay=format=auto,format=yuv420p,${text(name, 56, '(w-text_w)/2', 488)}`,
    '-frames:v',
    '1',
    '-q:v',
    '6',
    join(out, file),
  );
}
product('tea-green.jpg', '0x22c55e', '0x14532d', 'caddy', '龙井绿茶');
product('tea-black.jpg', '0xc2410c', '0x7c2d12', 'caddy', '滇红红茶');
product('tea-oolong.jpg', '0xd97706', '0x78350f', 'caddy', '安溪铁观音');
product('water.jpg', '0x38bdf8', '0x075985', 'bottle', '山泉水');
product('coffee.jpg', '0x78716c', '0x292524', 'cup', '挂耳咖啡');
product('yogurt.jpg', '0xf472b6', '0x9d174d', 'jar', '原味酸奶');
product('bread.jpg', '0xeab308', '0x854d0e', 'loaf', '全麦面包');
product('scarf.jpg', '0x6366f1', '0x312e81', 'scarf', '羊毛围巾');

// a short video: a slowly moving gradient, the bag rising into place, the chain's name
ff(
  '-f',
  'lavfi',
  '-i',
  'gradients=s=1920x1080:c0=0x1e3a8a:c1=0x0f766e:speed=0.03:duration=5:rate=25:seed=7',
  '-f',
  'lavfi',
  '-i',
  layer(1920, 1080, 'bag', 960, 330, 1.5),
  '-filter_complex',
  `[1]loop=loop=-1:size=1:start=0[s];[0][s]overlay=x=0:y='max(0,120-120*t/1.5)':format=auto:shortest=1,format=yuv420p,` +
    `${text('维特琳 · 欢迎光临', 110, '(w-text_w)/2', 600)},` +
    `${text('Welcome to Vitrine', 56, '(w-text_w)/2', 760, 'white@0.85')},fade=t=in:d=0.6,fade=t=out:st=4.4:d=0.6`,
  '-t',
  '5',
  '-c:v',
  'libx264',
  '-preset',
  'veryslow',
  '-crf',
  '36',
  '-pix_fmt',
  'yuv420p',
  '-movflags',
  '+faststart',
  '-an',
  join(out, 'welcome.mp4'),
);
// its poster frame, as the console captures it at upload (480 px wide)
ff(
  '-ss',
  '2.5',
  '-i',
  join(out, 'welcome.mp4'),
  '-frames:v',
  '1',
  '-vf',
  'scale=480:-1',
  '-q:v',
  '5',
  join(out, 'welcome-poster.jpg'),
);

// background music: a plucked C-major pentatonic tune in two alternating phrases over a soft fifth, 16 s
const phrases = [
  [0, 2, 4, 7, 4, 2, 4, 0],
  [2, 4, 7, 9, 7, 4, 2, 4],
];
const note = 'floor(t*2)';
const pick = (i) => phrases.map((p) => p.map((st, k) => `eq(mod(${note},8),${k})*${st}`).join('+'))[i];
const semis = `if(eq(mod(floor(t/4),2),0),${pick(0)},${pick(1)})`;
const m = 'mod(t,0.5)';
const env = `min(1,${m}*80)*exp(-5*${m})*(1-${m}/0.5)`;
const tune = `0.3*${env}*sin(2*PI*261.63*pow(2,(${semis})/12)*t)+0.05*sin(2*PI*130.81*t)+0.04*sin(2*PI*196*t)`;
ff(
  '-f',
  'lavfi',
  '-i',
  `aevalsrc='${tune}':s=22050:d=16`,
  '-af',
  'afade=t=in:d=0.5,afade=t=out:st=15:d=1',
  '-c:a',
  'libmp3lame',
  '-b:a',
  '48k',
  join(out, 'calm.mp3'),
);

for (const f of readdirSync(out).sort()) console.log(`${String(statSync(join(out, f)).size).padStart(7)}  ${f}`);
