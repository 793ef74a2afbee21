/**
 * The blog covers' artwork: one self-contained SVG (1200 × 630, the social
 * sharing size) per article, drawn here from its slug, title and category.
 * Pure string building, no I/O: scripts/blog-covers.ts rasterizes the SVG to
 * WebP with Chromium.
 *
 * Layout: the category pill, the title (wrapped here, at most 3 lines) and the
 * brand on the left over the darkest part of the gradient; an abstract
 * illustration of the category on the right. A tiny PRNG seeded from the slug
 * shifts positions, sizes and colours, so two articles of one category differ
 * and regenerating a cover gives the same image.
 */

export type CoverArticle = {
  slug: string
  title: string
  category: string
  /**
   * Picks the illustration's layout (mirrored or not, which elements): give
   * the articles of one category consecutive numbers (scripts/blog-covers.ts
   * numbers them by publication date) and no two of the first ones share a
   * layout. Default: from the slug's hash. The details always vary with the slug.
   */
  variant?: number
}

export const COVER_WIDTH = 1200
export const COVER_HEIGHT = 630

/** The site's palette (app theme): brand purples, amber accent, ink. */
const brand = {
  50: '#f3f0ff',
  100: '#e7e0ff',
  200: '#cfc2ff',
  300: '#ad97fd',
  400: '#8c6af8',
  500: '#7444ef',
  600: '#6330d9',
  700: '#5224b6',
  800: '#421f92',
  900: '#2f1868',
} as const
const amber = { 300: '#fcd34d', 400: '#fbbf24', 500: '#f59e0b' } as const
const ink = { 900: '#0f172a', 800: '#1e293b', 50: '#f8fafc' } as const

const FONT = `system-ui, 'DejaVu Sans', sans-serif`

// ---------------------------------------------------------------------------
// Deterministic randomness

/** FNV-1a, 32 bits. */
function hash(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}

type Rng = {
  next(): number
  range(min: number, max: number): number
  int(min: number, max: number): number
  pick<T>(items: readonly T[]): T
  chance(probability: number): boolean
  shuffle<T>(items: readonly T[]): T[]
}

/** mulberry32 seeded from the slug. */
function rngFor(seed: string): Rng {
  let state = hash(seed)
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const rng: Rng = {
    next,
    range: (min, max) => min + (max - min) * next(),
    int: (min, max) => Math.floor(min + (max - min + 1) * next()),
    pick: (items) => items[Math.floor(next() * items.length)]!,
    chance: (probability) => next() < probability,
    shuffle: (items) => {
      const copy = [...items]
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1))
        ;[copy[i], copy[j]] = [copy[j]!, copy[i]!]
      }
      return copy
    },
  }
  return rng
}

// ---------------------------------------------------------------------------
// SVG helpers

/** Rounds to one decimal: shorter SVG, same picture. */
const n = (value: number) => String(Math.round(value * 10) / 10)

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[ch]!)
}

type Attrs = Record<string, string | number | undefined>
function attrs(extra: Attrs = {}): string {
  return Object.entries(extra)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => ` ${key}="${typeof value === 'number' ? n(value) : escapeXml(value!)}"`)
    .join('')
}

const rect = (x: number, y: number, w: number, h: number, rx: number, fill: string, extra: Attrs = {}) =>
  `<rect${attrs({ x, y, width: w, height: h, rx, fill, ...extra })}/>`
const circle = (cx: number, cy: number, r: number, fill: string, extra: Attrs = {}) => `<circle${attrs({ cx, cy, r, fill, ...extra })}/>`
const path = (d: string, extra: Attrs) => `<path${attrs({ d, ...extra })}/>`
const line = (x1: number, y1: number, x2: number, y2: number, stroke: string, width: number, extra: Attrs = {}) =>
  `<line${attrs({ x1, y1, x2, y2, stroke, 'stroke-width': width, 'stroke-linecap': 'round', ...extra })}/>`
const group = (content: string, extra: Attrs = {}) => `<g${attrs(extra)}>${content}</g>`
const points = (list: [number, number][]) => list.map(([x, y]) => `${n(x)},${n(y)}`).join(' ')

/** Mirrors an illustration around the middle of its area (x = 968), for variety. */
const mirror = (content: string) => group(content, { transform: 'matrix(-1 0 0 1 1936 0)' })

/** The soft drop shadow under a light shape: the same shape, in ink, a little lower. */
const SHADOW: Attrs = { fill: ink[900], opacity: 0.28 }
const shadowRect = (x: number, y: number, w: number, h: number, rx: number) => rect(x + 4, y + 12, w, h, rx, ink[900], { opacity: 0.28 })

/** A heart whose point is at the bottom, centred on (x, y), `size` wide. */
function heart(x: number, y: number, size: number, fill: string, extra: Attrs = {}): string {
  const s = size / 2
  const d = [
    `M${n(x)} ${n(y + 0.85 * s)}`,
    `C${n(x - 0.25 * s)} ${n(y + 0.65 * s)} ${n(x - s)} ${n(y + 0.2 * s)} ${n(x - s)} ${n(y - 0.3 * s)}`,
    `C${n(x - s)} ${n(y - 0.8 * s)} ${n(x - 0.4 * s)} ${n(y - 1 * s)} ${n(x)} ${n(y - 0.5 * s)}`,
    `C${n(x + 0.4 * s)} ${n(y - 1 * s)} ${n(x + s)} ${n(y - 0.8 * s)} ${n(x + s)} ${n(y - 0.3 * s)}`,
    `C${n(x + s)} ${n(y + 0.2 * s)} ${n(x + 0.25 * s)} ${n(y + 0.65 * s)} ${n(x)} ${n(y + 0.85 * s)}Z`,
  ].join('')
  return path(d, { fill, ...extra })
}

/** A four-pointed sparkle. */
function sparkle(x: number, y: number, size: number, fill: string, extra: Attrs = {}): string {
  const d = `M${n(x)} ${n(y - size)}Q${n(x)} ${n(y)} ${n(x + size)} ${n(y)}Q${n(x)} ${n(y)} ${n(x)} ${n(y + size)}Q${n(x)} ${n(y)} ${n(x - size)} ${n(y)}Q${n(x)} ${n(y)} ${n(x)} ${n(y - size)}Z`
  return path(d, { fill, ...extra })
}

/** A gear with a hole, `teeth` trapezoid teeth between radius `inner` and `outer`. */
function gear(cx: number, cy: number, outer: number, teeth: number, fill: string, rotation = 0): string {
  const inner = outer * 0.8
  const hole = outer * 0.34
  const step = (Math.PI * 2) / teeth
  const corners: [number, number][] = []
  for (let i = 0; i < teeth; i++) {
    const a = i * step + (rotation * Math.PI) / 180
    for (const [offset, radius] of [
      [-0.5, inner],
      [-0.28, outer],
      [0.28, outer],
      [0.5, inner],
    ] as const) {
      corners.push([cx + radius * Math.cos(a + offset * step), cy + radius * Math.sin(a + offset * step)])
    }
  }
  const outline = `M${corners.map(([x, y]) => `${n(x)} ${n(y)}`).join('L')}Z`
  const holePath = `M${n(cx + hole)} ${n(cy)}A${n(hole)} ${n(hole)} 0 1 0 ${n(cx - hole)} ${n(cy)}A${n(hole)} ${n(hole)} 0 1 0 ${n(cx + hole)} ${n(cy)}Z`
  return path(outline + holePath, { fill, 'fill-rule': 'evenodd' })
}

/** An arrowhead at (x, y) pointing along `angle` (radians). */
function arrowHead(x: number, y: number, angle: number, size: number, fill: string): string {
  const back = (spread: number): [number, number] => [x - size * Math.cos(angle + spread), y - size * Math.sin(angle + spread)]
  return `<polygon${attrs({ points: points([[x, y], back(0.5), back(-0.5)]), fill })}/>`
}

type Point = [number, number]
function bezier(p0: Point, c1: Point, c2: Point, p1: Point, t: number): Point {
  const u = 1 - t
  const at = (i: 0 | 1) => u * u * u * p0[i] + 3 * u * u * t * c1[i] + 3 * u * t * t * c2[i] + t * t * t * p1[i]
  return [at(0), at(1)]
}

/** A small glyph drawn in a 100 × 100 box at (x, y), for tiles, cards and badges. */
function glyph(kind: string, x: number, y: number, colour: string, scale = 1): string {
  const stroke = { stroke: colour, 'stroke-width': 7, 'stroke-linecap': 'round', 'stroke-linejoin': 'round', fill: 'none' }
  const shapes: Record<string, string> = {
    bolt: `<polygon${attrs({
      points: points([
        [56, 18],
        [30, 56],
        [48, 56],
        [42, 84],
        [70, 42],
        [52, 42],
        [58, 18],
      ]),
      fill: colour,
    })}/>`,
    check: `<polyline${attrs({
      points: points([
        [26, 52],
        [43, 68],
        [74, 34],
      ]),
      ...stroke,
      'stroke-width': 9,
    })}/>`,
    mail:
      rect(22, 30, 56, 40, 6, 'none', { stroke: colour, 'stroke-width': 7 }) +
      `<polyline${attrs({
        points: points([
          [24, 33],
          [50, 54],
          [76, 33],
        ]),
        ...stroke,
      })}/>`,
    chat: path('M24 28h52a6 6 0 0 1 6 6v26a6 6 0 0 1-6 6H46l-14 12V66h-8a6 6 0 0 1-6-6V34a6 6 0 0 1 6-6Z', { fill: colour }),
    sliders:
      line(24, 32, 76, 32, colour, 6) +
      line(24, 52, 76, 52, colour, 6) +
      line(24, 72, 76, 72, colour, 6) +
      circle(60, 32, 9, colour) +
      circle(36, 52, 9, colour) +
      circle(64, 72, 9, colour),
    toggle: rect(20, 36, 60, 30, 15, 'none', { stroke: colour, 'stroke-width': 7 }) + circle(64, 51, 9, colour),
    bars: rect(24, 54, 12, 26, 3, colour) + rect(44, 38, 12, 42, 3, colour) + rect(64, 22, 12, 58, 3, colour),
    pie: circle(50, 50, 28, 'none', { stroke: colour, 'stroke-width': 7 }) + path('M50 50V22A28 28 0 0 1 78 50Z', { fill: colour }),
    plus: line(50, 24, 50, 76, colour, 10) + line(24, 50, 76, 50, colour, 10),
    squares:
      rect(24, 24, 22, 22, 5, colour) +
      rect(54, 24, 22, 22, 5, colour) +
      rect(24, 54, 22, 22, 5, colour) +
      rect(54, 54, 22, 22, 5, 'none', { stroke: colour, 'stroke-width': 6 }),
    code:
      `<polyline${attrs({
        points: points([
          [36, 30],
          [18, 50],
          [36, 70],
        ]),
        ...stroke,
      })}/><polyline${attrs({
        points: points([
          [64, 30],
          [82, 50],
          [64, 70],
        ]),
        ...stroke,
      })}/>` + line(56, 26, 44, 74, colour, 7),
    calendar:
      rect(22, 28, 56, 50, 8, 'none', { stroke: colour, 'stroke-width': 7 }) +
      line(22, 44, 78, 44, colour, 7) +
      line(36, 20, 36, 32, colour, 7) +
      line(64, 20, 64, 32, colour, 7),
    gear: gear(50, 50, 30, 8, colour),
    search: circle(44, 44, 18, 'none', { stroke: colour, 'stroke-width': 8 }) + line(57, 57, 74, 74, colour, 10),
    heart: heart(50, 52, 52, colour),
  }
  return group(shapes[kind] ?? shapes.plus!, { transform: `translate(${n(x)} ${n(y)}) scale(${Math.round(scale * 1000) / 1000})` })
}

// ---------------------------------------------------------------------------
// The illustrations, one per category, drawn in the right part of the cover
// (about x 770–1160, y 60–570).

/** Draws with `rng` for the details; `variant` (a non-negative integer) picks the layout. */
type Illustration = (rng: Rng, variant: number) => string

/** Inteligência Artificial: a chip at the centre of a network of connected nodes. */
const network: Illustration = (rng) => {
  const cx = 968 + rng.range(-14, 14)
  const cy = 318 + rng.range(-14, 14)
  const innerCount = rng.int(5, 6)
  const outerCount = rng.int(7, 9)
  const inner: Point[] = []
  const outer: Point[] = []
  const innerTurn = rng.range(0, Math.PI * 2)
  for (let i = 0; i < innerCount; i++) {
    const a = innerTurn + (i / innerCount) * Math.PI * 2 + rng.range(-0.22, 0.22)
    const r = rng.range(108, 132)
    inner.push([cx + r * Math.cos(a), cy + r * Math.sin(a)])
  }
  const outerTurn = rng.range(0, Math.PI * 2)
  for (let i = 0; i < outerCount; i++) {
    const a = outerTurn + (i / outerCount) * Math.PI * 2 + rng.range(-0.18, 0.18)
    outer.push([cx + rng.range(168, 192) * Math.cos(a), cy + rng.range(198, 226) * Math.sin(a)])
  }
  const distance = (a: Point, b: Point) => Math.hypot(a[0] - b[0], a[1] - b[1])
  const nearest = (p: Point, list: Point[]) => [...list].sort((a, b) => distance(p, a) - distance(p, b))

  const edges: string[] = []
  const edge = (a: Point, b: Point, highlight = false) =>
    edges.push(line(a[0], a[1], b[0], b[1], highlight ? amber[400] : brand[300], highlight ? 3.5 : 2.5, { opacity: highlight ? 0.95 : 0.55 }))
  const lit = rng.int(0, outerCount - 1)
  inner.forEach((p, i) => {
    edge([cx, cy], p)
    edge(p, inner[(i + 1) % innerCount]!)
  })
  outer.forEach((p, i) => {
    const [first, second] = nearest(p, inner)
    edge(p, first!, i === lit)
    if (i === lit) edge([cx, cy], first!, true)
    if (rng.chance(0.45)) edge(p, second!)
    if (rng.chance(0.35)) edge(p, outer[(i + 1) % outerCount]!)
  })

  const nodes: string[] = []
  const fills = [brand[200], brand[300], brand[100], brand[400]]
  const amberInner = rng.int(0, innerCount - 1)
  inner.forEach((p, i) => nodes.push(circle(p[0], p[1], rng.range(11, 15), i === amberInner ? amber[300] : rng.pick(fills))))
  outer.forEach((p, i) => {
    const r = rng.range(7, 12)
    const fill = i === lit ? amber[400] : rng.pick(fills)
    nodes.push(circle(p[0], p[1], r + 8, fill, { opacity: 0.18 }) + circle(p[0], p[1], r, fill))
  })

  // The chip: a rounded square with pins on every side.
  const pins: string[] = []
  for (const offset of [-22, 0, 22]) {
    pins.push(line(cx + offset, cy - 56, cx + offset, cy - 44, brand[200], 5), line(cx + offset, cy + 44, cx + offset, cy + 56, brand[200], 5))
    pins.push(line(cx - 56, cy + offset, cx - 44, cy + offset, brand[200], 5), line(cx + 44, cy + offset, cx + 56, cy + offset, brand[200], 5))
  }
  const chip =
    circle(cx, cy, 92, brand[400], { opacity: 0.16 }) +
    pins.join('') +
    rect(cx - 46, cy - 46 + 10, 92, 92, 20, ink[900], { opacity: 0.3 }) +
    rect(cx - 46, cy - 46, 92, 92, 20, brand[50]) +
    rect(cx - 26, cy - 26, 52, 52, 12, brand[500]) +
    sparkle(cx, cy, 16, amber[300])

  const sparkles = Array.from({ length: 3 }, () => sparkle(rng.range(800, 1140), rng.range(80, 560), rng.range(6, 11), amber[300], { opacity: 0.85 }))
  return edges.join('') + nodes.join('') + chip + sparkles.join('')
}

/** Automação: three cards linked by arrows, with a pair of gears. */
const flow: Illustration = (rng, variant) => {
  const mirrored = variant % 2 === 1
  const left = 800
  const right = 978
  const w = 170
  const h = 96
  const jitter = () => rng.range(-8, 8)
  const cards: Point[] = [
    [(mirrored ? right : left) + jitter(), 92 + jitter()],
    [(mirrored ? left : right) + jitter(), 266 + jitter()],
    [(mirrored ? right : left) + jitter(), 440 + jitter()],
  ]
  const lit = rng.int(0, 2)
  const icons = rng.shuffle(['bolt', 'mail', 'chat', 'calendar', 'code'])

  const connectors = [0, 1].map((i) => {
    const [ax, ay] = cards[i]!
    const [bx, by] = cards[i + 1]!
    // From the side of the outer card to the top (or bottom) of the middle card, and back.
    const start: Point = i === 0 ? [mirrored ? ax : ax + w, ay + h / 2] : [ax + w / 2, ay + h]
    const end: Point = i === 0 ? [bx + w / 2, by - 6] : [mirrored ? bx - 6 : bx + w + 6, by + h / 2]
    const c1: Point = i === 0 ? [end[0], start[1]] : [start[0], end[1]]
    const angle = i === 0 ? Math.PI / 2 : mirrored ? 0 : Math.PI
    const tip: Point = [end[0] + Math.cos(angle) * 2, end[1] + Math.sin(angle) * 2]
    const stem: Point = [end[0] - Math.cos(angle) * 14, end[1] - Math.sin(angle) * 14]
    return (
      path(`M${n(start[0])} ${n(start[1])}Q${n(c1[0])} ${n(c1[1])} ${n(stem[0])} ${n(stem[1])}`, {
        fill: 'none',
        stroke: amber[400],
        'stroke-width': 5,
        'stroke-linecap': 'round',
        'stroke-dasharray': '1 12',
      }) +
      path(`M${n(start[0])} ${n(start[1])}Q${n(c1[0])} ${n(c1[1])} ${n(stem[0])} ${n(stem[1])}`, {
        fill: 'none',
        stroke: amber[400],
        'stroke-width': 3,
        opacity: 0.5,
      }) +
      circle(start[0], start[1], 7, amber[300]) +
      arrowHead(tip[0], tip[1], angle, 22, amber[300])
    )
  })

  const cardShapes = cards.map(([x, y], i) => {
    const isLit = i === lit
    const lines = rect(x + 78, y + 30, rng.range(52, 72), 11, 5.5, brand[300]) + rect(x + 78, y + 54, rng.range(34, 60), 11, 5.5, brand[200])
    return (
      shadowRect(x, y, w, h, 20) +
      rect(x, y, w, h, 20, brand[50]) +
      circle(x + 44, y + h / 2, 27, isLit ? amber[400] : brand[500]) +
      glyph(isLit ? 'check' : icons[i]!, x + 44 - 20, y + h / 2 - 20, isLit ? brand[900] : brand[50], 0.4) +
      lines
    )
  })

  const gx = mirrored ? 1078 : 872
  const gy = 318 + rng.range(-10, 10)
  const big = rng.range(54, 62)
  const small = big * 0.56
  const gears =
    gear(gx, gy, big, rng.int(9, 11), brand[400], rng.range(0, 30)) +
    gear(gx + (mirrored ? -1 : 1) * big * 0.62, gy - big * 1.12, small, 8, brand[300], rng.range(0, 40)) +
    circle(gx, gy, big * 0.2, amber[300])

  return gears + connectors.join('') + cardShapes.join('')
}

/** Tráfego Pago: rising bars on a chart panel, a trend arrow and a target. */
const growth: Illustration = (rng, variant) => {
  // Target on the right or the left; the bars in a glass chart panel, or light bars standing free on a base.
  const targetLeft = variant % 4 === 1 || variant % 4 === 2
  const framed = variant % 4 === 0 || variant % 4 === 2
  const count = rng.int(5, 6)
  const panel = { x: targetLeft ? 812 : 782, y: 236, w: 330, h: 306 }
  const baseY = panel.y + panel.h - 34
  const gap = 12
  const barW = (panel.w - 56 - gap * (count - 1)) / count
  const [even, odd] = framed
    ? rng.pick([
        [brand[400], brand[300]],
        [brand[300], brand[200]],
        [brand[500], brand[400]],
      ] as const)
    : rng.pick([
        [brand[50], brand[200]],
        [brand[100], brand[300]],
      ] as const)
  const tops: Point[] = []
  const bars: string[] = []
  for (let i = 0; i < count; i++) {
    const height = 46 + (i / (count - 1)) * 160 + rng.range(-18, 18) * (i > 0 && i < count - 1 ? 1 : 0)
    const x = panel.x + 28 + i * (barW + gap)
    const last = i === count - 1
    bars.push(rect(x, baseY - height, barW, height, 8, last ? amber[400] : i % 2 ? odd : even))
    tops.push([x + barW / 2, baseY - height - 26])
  }
  const trend = tops.map(([x, y]) => `${n(x)},${n(y)}`).join(' ')
  const [lx, ly] = tops[tops.length - 1]!
  const [px, py] = tops[tops.length - 2]!
  const angle = Math.atan2(ly - py, lx - px)

  const tx = (targetLeft ? 868 : 1076) + rng.range(-10, 10)
  const ty = 146 + rng.range(-10, 10)
  const radius = targetLeft ? 66 : 74
  const target =
    circle(tx + 3, ty + 10, radius, ink[900], { opacity: 0.28 }) +
    circle(tx, ty, radius, brand[50]) +
    circle(tx, ty, radius * 0.76, brand[500]) +
    circle(tx, ty, radius * 0.51, brand[50]) +
    circle(tx, ty, radius * 0.27, amber[400])
  // The dart comes from the open side: up-left of a target on the right, up-right of one on the left.
  const dartAngle = targetLeft ? rng.range(-0.95, -0.55) : rng.range(-2.6, -2.2)
  const along = (distance: number, offset = 0): Point => [tx + Math.cos(dartAngle + offset) * distance, ty + Math.sin(dartAngle + offset) * distance]
  const dart =
    line(tx, ty, ...along(radius + 18), brand[900], 6) +
    circle(tx, ty, 6, brand[900]) +
    `<polygon${attrs({ points: points([along(radius + 18), along(radius + 44, -0.2), along(radius + 36), along(radius + 44, 0.2)]), fill: amber[500] })}/>`

  // In the free top corner: a pointer clicking, or a stack of coins.
  const cornerX = targetLeft ? 1086 + rng.range(-8, 8) : 852 + rng.range(-8, 8)
  const cornerY = 112 + rng.range(-8, 8)
  const cursor =
    [0.9, 1.35]
      .map((f, i) =>
        path(`M${n(cornerX - 14 * f)} ${n(cornerY - 30 * f)}A${n(32 * f)} ${n(32 * f)} 0 0 0 ${n(cornerX - 30 * f)} ${n(cornerY - 14 * f)}`, {
          fill: 'none',
          stroke: i ? brand[200] : amber[300],
          'stroke-width': 6,
          'stroke-linecap': 'round',
        }),
      )
      .join('') +
    path(`M${n(cornerX)} ${n(cornerY)}l0 70l18-16l12 28l14-6l-12-27l25-2Z`, {
      fill: brand[50],
      stroke: brand[900],
      'stroke-width': 4,
      'stroke-linejoin': 'round',
    })
  const coinCount = rng.int(3, 4)
  const coins = Array.from({ length: coinCount }, (_, k) => {
    const y = cornerY + 74 - k * 18
    return `<ellipse${attrs({ cx: cornerX, cy: y + 7, rx: 38, ry: 13, fill: amber[500] })}/><ellipse${attrs({ cx: cornerX, cy: y, rx: 38, ry: 13, fill: amber[400] })}/>`
  }).join('')
  const topY = cornerY + 74 - (coinCount - 1) * 18
  const coinMark = `<ellipse${attrs({ cx: cornerX, cy: topY, rx: 24, ry: 7, fill: 'none', stroke: amber[500], 'stroke-width': 4 })}/>`
  const extra = variant % 4 === 1 || variant % 4 === 3 ? coins + coinMark : cursor

  const gridLines = [0.25, 0.5, 0.75].map((f) =>
    line(panel.x + 24, panel.y + panel.h * f, panel.x + panel.w - 24, panel.y + panel.h * f, brand[200], 1.5, { opacity: 0.25 }),
  )
  const chart = framed
    ? rect(panel.x, panel.y, panel.w, panel.h, 26, brand[50], { opacity: 0.08 }) +
      rect(panel.x, panel.y, panel.w, panel.h, 26, 'none', { stroke: brand[200], 'stroke-opacity': 0.35, 'stroke-width': 2 }) +
      gridLines.join('') +
      line(panel.x + 24, baseY, panel.x + panel.w - 24, baseY, brand[200], 3, { opacity: 0.6 })
    : rect(panel.x + 6, baseY + 4, panel.w - 12, 22, 11, ink[900], { opacity: 0.3 }) + rect(panel.x + 2, baseY - 4, panel.w - 4, 20, 10, brand[300])
  return (
    chart +
    bars.join('') +
    target +
    dart +
    extra +
    `<polyline${attrs({ points: trend, fill: 'none', stroke: amber[300], 'stroke-width': 5, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' })}/>` +
    tops
      .slice(0, -1)
      .map(([x, y]) => circle(x, y, 6.5, amber[300]))
      .join('') +
    arrowHead(lx + Math.cos(angle) * 12, ly + Math.sin(angle) * 12, angle, 26, amber[300])
  )
}

/** Estratégia: a winding road with numbered milestones, up to a flag. */
const roadmap: Illustration = (rng, variant) => {
  // An S curve or a zigzag climb from the bottom up to the flag, either way round.
  const mirrored = variant % 4 === 1 || variant % 4 === 2
  const curve = variant % 4 === 0 || variant % 4 === 2
  const j = () => rng.range(-16, 16)
  const at = ([x, y]: Point): Point => [mirrored ? 1936 - x : x, y]
  const fourStops = rng.chance(0.5)
  let d: string
  let stops: Point[]
  let p0: Point
  let p2: Point
  if (curve) {
    p0 = at([808 + j(), 540])
    const c1 = at([1010 + j(), 548 + j()])
    const c2 = at([1110 + j(), 430 + j()])
    const p1 = at([965 + j(), 348 + j()])
    const c3: Point = [2 * p1[0] - c2[0], 2 * p1[1] - c2[1]]
    const c4 = at([860 + j(), 176 + j()])
    p2 = at([1064 + j(), 176 + rng.range(-8, 8)])
    d = `M${points([p0]).replace(',', ' ')}C${points([c1, c2, p1])}C${points([c3, c4, p2])}`
    stops = fourStops
      ? [bezier(p0, c1, c2, p1, 0.3), bezier(p0, c1, c2, p1, 0.78), bezier(p1, c3, c4, p2, 0.28), bezier(p1, c3, c4, p2, 0.72)]
      : [bezier(p0, c1, c2, p1, rng.range(0.4, 0.5)), p1, bezier(p1, c3, c4, p2, rng.range(0.45, 0.6))]
  } else {
    p0 = at([812 + j(), 536])
    const v1 = at([1112 + j(), 470 + j()])
    const v2 = at([836 + j(), 342 + j()])
    p2 = at([1068 + j(), 184 + rng.range(-8, 8)])
    const corners = [p0, v1, v2, p2]
    // Straight legs joined by rounded corners.
    const toward = (from: Point, to: Point, distance: number): Point => {
      const length = Math.hypot(to[0] - from[0], to[1] - from[1])
      return [from[0] + ((to[0] - from[0]) * distance) / length, from[1] + ((to[1] - from[1]) * distance) / length]
    }
    d = `M${n(p0[0])} ${n(p0[1])}`
    for (let i = 1; i < corners.length - 1; i++) {
      const corner = corners[i]!
      const before = toward(corner, corners[i - 1]!, 56)
      const after = toward(corner, corners[i + 1]!, 56)
      d += `L${n(before[0])} ${n(before[1])}Q${n(corner[0])} ${n(corner[1])} ${n(after[0])} ${n(after[1])}`
    }
    d += `L${n(p2[0])} ${n(p2[1])}`
    const along = (a: Point, b: Point, t: number): Point => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t]
    stops = fourStops
      ? [along(p0, v1, 0.5), along(v1, v2, 0.35), along(v1, v2, 0.8), along(v2, p2, 0.5)]
      : [along(p0, v1, 0.55), along(v1, v2, 0.6), along(v2, p2, 0.5)]
  }
  const [roadEdge, roadFill] = rng.pick([
    [brand[500], brand[400]],
    [brand[600], brand[500]],
  ] as const)

  const road =
    path(d, { fill: 'none', stroke: ink[900], 'stroke-width': 46, 'stroke-linecap': 'round', opacity: 0.25, transform: 'translate(4 12)' }) +
    path(d, { fill: 'none', stroke: roadEdge, 'stroke-width': 46, 'stroke-linecap': 'round' }) +
    path(d, { fill: 'none', stroke: roadFill, 'stroke-width': 30, 'stroke-linecap': 'round' }) +
    path(d, { fill: 'none', stroke: brand[50], 'stroke-width': 4, 'stroke-linecap': 'round', 'stroke-dasharray': '14 14', opacity: 0.9 })

  const current = rng.int(1, stops.length - 1)
  const milestones = stops
    .map(([x, y], i) => {
      const done = i < current
      const here = i === current
      return (
        circle(x + 3, y + 8, 28, ink[900], { opacity: 0.3 }) +
        (here ? circle(x, y, 40, amber[300], { opacity: 0.25 }) : '') +
        circle(x, y, 28, here ? amber[300] : brand[50]) +
        circle(x, y, 28, 'none', { stroke: done || here ? amber[400] : brand[300], 'stroke-width': 5 }) +
        `<text${attrs({ x, y: y + 9, 'text-anchor': 'middle', 'font-family': FONT, 'font-size': 26, 'font-weight': 700, fill: brand[800] })}>${i + 1}</text>`
      )
    })
    .join('')

  const [fx, fy] = p2
  const wave = rng.range(6, 14)
  const flag =
    circle(p0[0], p0[1], 14, brand[50]) +
    circle(p0[0], p0[1], 6, brand[500]) +
    `<ellipse${attrs({ cx: fx, cy: fy + 2, rx: 30, ry: 10, fill: ink[900], opacity: 0.3 })}/>` +
    line(fx, fy, fx, fy - 104, brand[50], 7) +
    path(
      `M${n(fx + 3)} ${n(fy - 102)}Q${n(fx + 40)} ${n(fy - 102 - wave)} ${n(fx + 80)} ${n(fy - 88)}Q${n(fx + 54)} ${n(fy - 72 + wave)} ${n(fx + 3)} ${n(fy - 56)}Z`,
      {
        fill: amber[400],
      },
    ) +
    circle(fx, fy - 106, 7, amber[300])

  const sparkles = [sparkle(fx + (mirrored ? -50 : 96), fy - 24, 12, amber[300]), sparkle(fx - 58, fy - 84, 8, brand[200])]
  return road + milestones + flag + sparkles.join('')
}

/** Ferramentas: a grid of tool tiles, one lifted and one in amber. */
const toolkit: Illustration = (rng) => {
  const tile = 98
  const gap = 22
  const size = tile * 3 + gap * 2
  const x0 = 968 - size / 2 + rng.range(-8, 8)
  const y0 = 318 - size / 2 + rng.range(-8, 8)
  const kinds = rng.shuffle(['sliders', 'toggle', 'bars', 'pie', 'code', 'calendar', 'gear', 'chat', 'bolt', 'squares', 'mail', 'search'])
  const amberTile = rng.int(0, 8)
  const lifted = (amberTile + rng.int(1, 8)) % 9
  const tiles: string[] = []
  for (let i = 0; i < 9; i++) {
    const col = i % 3
    const row = Math.floor(i / 3)
    const up = i === lifted ? 12 : 0
    const x = x0 + col * (tile + gap) - up
    const y = y0 + row * (tile + gap) - up
    const style = i === amberTile ? 'amber' : rng.chance(0.3) ? 'purple' : 'light'
    const fill = style === 'amber' ? amber[400] : style === 'purple' ? brand[500] : brand[50]
    const colour = style === 'amber' ? brand[900] : style === 'purple' ? brand[50] : brand[600]
    tiles.push(
      rect(x + 4, y + 12 + up, tile, tile, 22, ink[900], { opacity: i === lifted ? 0.38 : 0.26 }) +
        rect(x, y, tile, tile, 22, fill) +
        glyph(kinds[i]!, x + 12, y + 12, colour, 0.74),
    )
  }
  const tilt = rng.range(-7, -3)
  const frame = rect(x0 - 26, y0 - 26, size + 52, size + 52, 38, brand[50], { opacity: 0.07 })
  return group(frame + tiles.join(''), { transform: `rotate(${n(tilt)} 968 318)` }) + sparkle(x0 + size + 14, y0 - 6, 12, amber[300])
}

/** SEO: a results page with a magnifier over it. */
const search: Illustration = (rng, variant) => {
  const lensLeft = variant % 2 === 1
  const card = { x: (lensLeft ? 816 : 786) + rng.range(-6, 6), y: 98 + rng.range(-6, 6), w: 310, h: 400 }
  const rows = rng.int(3, 4)
  const rowGap = (card.h - 112) / rows
  const top = rng.chance(0.6) ? 0 : 1
  const results: string[] = []
  for (let i = 0; i < rows; i++) {
    const y = card.y + 100 + i * rowGap
    const lit = i === top
    results.push(
      (lit ? rect(card.x + 16, y - 14, card.w - 32, rowGap - 8, 14, amber[300], { opacity: 0.35 }) : '') +
        (lit ? rect(card.x + 16, y - 14, 7, rowGap - 8, 3.5, amber[500]) : '') +
        rect(card.x + 36, y, rng.range(140, 200), 13, 6.5, lit ? brand[600] : brand[400]) +
        rect(card.x + 36, y + 24, rng.range(190, 236), 9, 4.5, brand[200]) +
        rect(card.x + 36, y + 42, rng.range(120, 190), 9, 4.5, brand[200]),
    )
  }
  // A "moving up" badge on the highlighted result.
  const badgeY = card.y + 100 + top * rowGap + rowGap / 2 - 22
  const badge =
    circle(card.x + card.w - 8, badgeY + 4, 24, ink[900], { opacity: 0.25 }) +
    circle(card.x + card.w - 12, badgeY - 4, 24, amber[400]) +
    line(card.x + card.w - 12, badgeY + 8, card.x + card.w - 12, badgeY - 14, brand[900], 5) +
    `<polyline${attrs({
      points: points([
        [card.x + card.w - 22, badgeY - 5],
        [card.x + card.w - 12, badgeY - 15],
        [card.x + card.w - 2, badgeY - 5],
      ]),
      fill: 'none',
      stroke: brand[900],
      'stroke-width': 5,
      'stroke-linecap': 'round',
      'stroke-linejoin': 'round',
    })}/>`
  const r = lensLeft ? 70 : 78
  const lx = (lensLeft ? 862 : 1048) + rng.range(-10, 10)
  const ly = (lensLeft ? 392 : 372) + rng.range(-14, 14)
  // The badge only where the lens leaves it visible.
  const badgeShown = Math.hypot(card.x + card.w - 12 - lx, badgeY - 4 - ly) > r + 36
  const tilt = rng.range(-4, 3)
  const back = rect(card.x + 14, card.y + 24, card.w, card.h, 26, brand[400], {
    opacity: 0.5,
    transform: `rotate(${n(tilt + 4)} ${n(card.x + card.w / 2)} ${n(card.y + card.h / 2)})`,
  })
  const page = group(
    shadowRect(card.x, card.y, card.w, card.h, 26) +
      rect(card.x, card.y, card.w, card.h, 26, brand[50]) +
      rect(card.x + 20, card.y + 22, card.w - 40, 46, 23, brand[100]) +
      glyph('search', card.x + 32, card.y + 29, brand[500], 0.32) +
      rect(card.x + 72, card.y + 40, rng.range(90, 150), 10, 5, brand[300]) +
      results.join('') +
      (badgeShown ? badge : ''),
    { transform: `rotate(${n(tilt)} ${n(card.x + card.w / 2)} ${n(card.y + card.h / 2)})` },
  )

  const handleAngle = lensLeft ? rng.range(2.0, 2.3) : rng.range(0.65, 0.9)
  const hx = lx + Math.cos(handleAngle) * (r + 6)
  const hy = ly + Math.sin(handleAngle) * (r + 6)
  const ex = lx + Math.cos(handleAngle) * (r + 76)
  const ey = ly + Math.sin(handleAngle) * (r + 76)
  const magnifier =
    line(hx + 4, hy + 12, ex + 4, ey + 12, ink[900], 30, { opacity: 0.28 }) +
    circle(lx + 4, ly + 12, r + 10, ink[900], { opacity: 0.22 }) +
    line(hx, hy, ex, ey, amber[500], 30) +
    circle(lx, ly, r, brand[100], { opacity: 0.55 }) +
    circle(lx, ly, r, 'none', { stroke: amber[400], 'stroke-width': 18 }) +
    path(`M${n(lx - r * 0.55)} ${n(ly - r * 0.15)}A${n(r * 0.58)} ${n(r * 0.58)} 0 0 1 ${n(lx - r * 0.1)} ${n(ly - r * 0.57)}`, {
      fill: 'none',
      stroke: ink[50],
      'stroke-width': 9,
      'stroke-linecap': 'round',
      opacity: 0.9,
    })
  const spark = lensLeft ? sparkle(card.x - 20, card.y + 30, 11, amber[300]) : sparkle(card.x + card.w + 26, card.y + 20, 11, amber[300])
  return back + page + magnifier + spark
}

/** Social Commerce: a phone showing a product, a shopping bag and floating hearts. */
const shop: Illustration = (rng, variant) => {
  const px = 846 + rng.range(-10, 10)
  const py = 78
  const pw = 226
  const ph = 450
  const tilt = rng.range(-7, 3)
  const sx = px + 14
  const sy = py + 16
  const sw = pw - 28
  const sh = ph - 32
  const product = rng.pick(['circle', 'diamond', 'bottle'])
  const productShape =
    product === 'circle'
      ? circle(sx + sw / 2, sy + 140, 44, amber[400]) + circle(sx + sw / 2, sy + 140, 20, brand[50])
      : product === 'diamond'
        ? `<polygon${attrs({
            points: points([
              [sx + sw / 2, sy + 88],
              [sx + sw / 2 + 50, sy + 140],
              [sx + sw / 2, sy + 192],
              [sx + sw / 2 - 50, sy + 140],
            ]),
            fill: amber[400],
          })}/>`
        : rect(sx + sw / 2 - 26, sy + 100, 52, 90, 16, amber[400]) + rect(sx + sw / 2 - 12, sy + 82, 24, 22, 6, brand[300])
  const phone = group(
    rect(px + 5, py + 14, pw, ph, 40, ink[900], { opacity: 0.3 }) +
      rect(px, py, pw, ph, 40, brand[50]) +
      rect(sx, sy, sw, sh, 28, brand[600]) +
      rect(sx + sw / 2 - 32, sy + 10, 64, 12, 6, brand[900]) +
      rect(sx + 14, sy + 46, sw - 28, 196, 20, brand[100]) +
      productShape +
      rect(sx + 14, sy + 256, sw * 0.62, 14, 7, brand[100]) +
      rect(sx + 14, sy + 280, sw * 0.4, 14, 7, brand[300]) +
      rect(sx + 14, sy + 318, sw - 28, 50, 25, amber[400]) +
      rect(sx + sw / 2 - 40, sy + 338, 80, 10, 5, brand[900]) +
      rect(sx + 18, sy + 56, 54, 22, 11, brand[900]) +
      circle(sx + 32, sy + 67, 5, amber[300]) +
      rect(sx + 42, sy + 63, 24, 8, 4, brand[50]),
    { transform: `rotate(${n(tilt)} ${n(px + pw / 2)} ${n(py + ph / 2)})` },
  )

  const bx = 1032 + rng.range(-10, 10)
  const by = 370 + rng.range(-12, 12)
  const bw = 118
  const bh = 128
  const bag =
    rect(bx + 5, by + 14, bw, bh, 16, ink[900], { opacity: 0.3 }) +
    path(`M${n(bx + 30)} ${n(by + 4)}V${n(by - 16)}a${n(bw / 2 - 30)} ${n(bw / 2 - 30)} 0 0 1 ${n(bw - 60)} 0V${n(by + 4)}`, {
      fill: 'none',
      stroke: amber[500],
      'stroke-width': 10,
      'stroke-linecap': 'round',
    }) +
    rect(bx, by, bw, bh, 16, amber[400]) +
    rect(bx, by, bw, 24, 12, amber[300]) +
    circle(bx + 30, by + 16, 5, brand[900]) +
    circle(bx + bw - 30, by + 16, 5, brand[900]) +
    heart(bx + bw / 2, by + 76, 40, brand[700])

  const hearts = Array.from({ length: rng.int(3, 4) }, (_, i) =>
    heart(1098 + rng.range(-18, 18), 290 - i * 62 + rng.range(-10, 10), rng.range(22, 36) - i * 3, rng.pick([amber[300], brand[200], brand[50]])),
  )
  const art = phone + hearts.join('') + bag
  return variant % 2 === 1 ? mirror(art) : art
}

/** Redes Sociais: chat bubbles, a like badge and hearts. */
const social: Illustration = (rng, variant) => {
  const bubble = (x: number, y: number, w: number, h: number, fill: string, tailLeft: boolean) => {
    const tx = tailLeft ? x + 34 : x + w - 34
    const tail = tailLeft
      ? `M${n(tx)} ${n(y + h - 2)}L${n(tx - 16)} ${n(y + h + 26)}L${n(tx + 26)} ${n(y + h - 2)}Z`
      : `M${n(tx)} ${n(y + h - 2)}L${n(tx + 16)} ${n(y + h + 26)}L${n(tx - 26)} ${n(y + h - 2)}Z`
    return (
      rect(x + 4, y + 12, w, h, 30, ink[900], { opacity: 0.28 }) +
      path(tail, { fill: ink[900], opacity: 0.28, transform: 'translate(4 12)' }) +
      rect(x, y, w, h, 30, fill) +
      path(tail, { fill })
    )
  }
  const j = () => rng.range(-10, 10)
  const a = { x: 790 + j(), y: 96 + j(), w: 262 + j(), h: 112 }
  const b = { x: 898 + j(), y: 262 + j(), w: 252, h: 104 }
  const c = { x: 800 + j(), y: 430 + j(), w: 176, h: 78 }
  const second = rng.chance(0.5) ? brand[400] : brand[500]
  const first =
    bubble(a.x, a.y, a.w, a.h, brand[50], true) +
    circle(a.x + 54, a.y + a.h / 2, 28, rng.pick([brand[400], amber[400]])) +
    circle(a.x + 54, a.y + a.h / 2 - 8, 10, brand[50]) +
    path(`M${n(a.x + 36)} ${n(a.y + a.h / 2 + 20)}a18 14 0 0 1 36 0Z`, { fill: brand[50] }) +
    rect(a.x + 98, a.y + 34, rng.range(110, a.w - 130), 14, 7, brand[400]) +
    rect(a.x + 98, a.y + 62, rng.range(80, a.w - 130), 12, 6, brand[200])
  // The middle message: text lines, or a photo with a caption.
  const middle =
    bubble(b.x, b.y, b.w, b.h, second, false) +
    (rng.chance(0.5)
      ? rect(b.x + 30, b.y + 32, rng.range(140, 190), 13, 6.5, brand[50]) + rect(b.x + 30, b.y + 58, rng.range(90, 150), 13, 6.5, brand[200])
      : rect(b.x + 18, b.y + 16, 96, 72, 16, brand[100]) +
        circle(b.x + 46, b.y + 40, 10, amber[300]) +
        path(`M${n(b.x + 18)} ${n(b.y + 80)}l34-30l22 18l16-12l24 24v2a14 14 0 0 1-14 14H${n(b.x + 32)}a14 14 0 0 1-14-14Z`, { fill: brand[300] }) +
        rect(b.x + 132, b.y + 34, rng.range(70, 96), 12, 6, brand[50]) +
        rect(b.x + 132, b.y + 58, rng.range(50, 80), 12, 6, brand[200]))
  const typing =
    bubble(c.x, c.y, c.w, c.h, brand[50], true) +
    [0, 1, 2].map((i) => circle(c.x + c.w / 2 - 32 + i * 32, c.y + c.h / 2, 10, i === 1 ? brand[400] : brand[300])).join('')
  const badgeX = 1010 + rng.range(-10, 10)
  const badgeY = 440 + rng.range(-8, 8)
  const badge =
    rect(badgeX + 4, badgeY + 12, 138, 62, 31, ink[900], { opacity: 0.28 }) +
    rect(badgeX, badgeY, 138, 62, 31, amber[400]) +
    heart(badgeX + 38, badgeY + 32, 34, brand[800]) +
    rect(badgeX + 66, badgeY + 19, 46, 10, 5, brand[800]) +
    rect(badgeX + 66, badgeY + 35, 30, 10, 5, brand[700])
  const hearts =
    heart(1118 + j(), 140 + j(), 50, amber[300]) +
    heart(1086 + j(), 228 + j(), 26, brand[200]) +
    heart(1146 + j(), 224 + j(), 18, amber[400], { opacity: 0.85 }) +
    sparkle(1000 + j(), 542 + j(), 9, brand[200])
  const art = first + middle + typing + badge + hearts
  return variant % 2 === 1 ? mirror(art) : art
}

/** E-commerce: a shopping cart with parcels and a support headset badge. */
const cart: Illustration = (rng, variant) => {
  const dy = 24 + rng.range(-8, 8)
  const frame = brand[50]
  // The parcels stand in the basket (drawn first, the basket covers their lower part).
  const boxes: string[] = []
  const count = rng.int(2, 3)
  const colours = rng.shuffle([brand[400], amber[400], brand[300], brand[500]])
  let x = 884 + rng.range(0, 16)
  for (let i = 0; i < count; i++) {
    const w = count === 2 ? rng.range(76, 92) : rng.range(56, 68)
    const h = rng.range(44, 80)
    const y = 268 + dy - h
    boxes.push(rect(x, y, w, h + 30, 10, colours[i]!) + rect(x + w / 2 - 7, y, 14, h + 30, 3, brand[50], { opacity: 0.35 }))
    x += w + 8
  }
  const basket = points([
    [852, 250 + dy],
    [1104, 250 + dy],
    [1072, 400 + dy],
    [880, 400 + dy],
  ])
  const slats = [0.25, 0.5, 0.75].map((f) => line(852 + 252 * f - 2, 266 + dy, 880 + 192 * f, 386 + dy, brand[300], 6)).join('')
  const body =
    `<polygon${attrs({ points: basket, fill: ink[900], opacity: 0.28, transform: 'translate(4 12)' })}/>` +
    `<polygon${attrs({ points: basket, fill: frame })}/>` +
    slats +
    line(866, 325 + dy, 1088, 325 + dy, brand[300], 6) +
    `<polyline${attrs({
      points: points([
        [792, 210 + dy],
        [836, 210 + dy],
        [880, 448 + dy],
        [1074, 448 + dy],
      ]),
      fill: 'none',
      stroke: frame,
      'stroke-width': 14,
      'stroke-linecap': 'round',
      'stroke-linejoin': 'round',
    })}/>` +
    [904, 1050].map((wx) => circle(wx, 488 + dy, 24, frame) + circle(wx, 488 + dy, 10, brand[500])).join('')

  // The support headset, in a badge above the cart, on one side or the other.
  const onLeft = variant % 2 === 1
  const hx = (onLeft ? 862 : 1092) + rng.range(-6, 6)
  const hy = 118 + rng.range(-6, 6)
  const headset =
    circle(hx + 4, hy + 12, 58, ink[900], { opacity: 0.28 }) +
    circle(hx, hy, 58, amber[400]) +
    path(`M${n(hx - 28)} ${n(hy + 6)}V${n(hy - 2)}a28 28 0 0 1 56 0V${n(hy + 6)}`, {
      fill: 'none',
      stroke: brand[900],
      'stroke-width': 8,
      'stroke-linecap': 'round',
    }) +
    rect(hx - 39, hy - 4, 19, 32, 8, brand[900]) +
    rect(hx + 20, hy - 4, 19, 32, 8, brand[900]) +
    path(`M${n(hx + 30)} ${n(hy + 28)}q0 16-22 16h-6`, { fill: 'none', stroke: brand[900], 'stroke-width': 6, 'stroke-linecap': 'round' }) +
    circle(hx - 2, hy + 44, 6, brand[900])
  const bx = onLeft ? hx + 70 : hx - 154
  const bubble =
    rect(bx, hy - 62, 84, 50, 18, brand[50]) +
    path(onLeft ? `M${n(bx + 14)} ${n(hy - 16)}l-16 14v-20Z` : `M${n(bx + 70)} ${n(hy - 16)}l16 14v-20Z`, { fill: brand[50] }) +
    [0, 1, 2].map((i) => circle(bx + 22 + i * 20, hy - 37, 5.5, brand[500])).join('')
  const extra = rng.chance(0.7) ? bubble : sparkle(bx + 42, hy - 30, 12, amber[300])
  return boxes.join('') + body + headset + extra
}

/** Marketing Digital and any other category: a megaphone with sound waves. */
const megaphone: Illustration = (rng) => {
  const tilt = rng.range(-20, -8)
  const cx = 950
  const cy = 322 + rng.range(-10, 10)
  const body =
    rect(cx - 146, cy - 28, 42, 56, 12, brand[300]) +
    rect(cx - 94, cy + 22, 30, 80, 12, brand[400]) +
    rect(cx - 94, cy + 80, 30, 8, 4, brand[600]) +
    `<polygon${attrs({
      points: points([
        [cx - 112, cy - 34],
        [cx + 36, cy - 110],
        [cx + 36, cy + 110],
        [cx - 112, cy + 34],
      ]),
      fill: brand[50],
    })}/>` +
    `<ellipse${attrs({ cx: cx + 36, cy, rx: 26, ry: 110, fill: brand[200] })}/>` +
    `<ellipse${attrs({ cx: cx + 38, cy, rx: 16, ry: 92, fill: brand[600] })}/>` +
    rect(cx - 70, cy - 40, 64, 12, 6, amber[400], { transform: `rotate(-27 ${n(cx - 38)} ${n(cy - 34)})` })
  const waveColours = [amber[300], amber[400], brand[200]]
  const waves = [70, 108, 146]
    .slice(0, rng.int(2, 3))
    .map((radius, i) => {
      const a = 0.5 + i * 0.04
      const ox = cx + 40
      return path(
        `M${n(ox + radius * Math.cos(-a))} ${n(cy + radius * Math.sin(-a))}A${n(radius)} ${n(radius)} 0 0 1 ${n(ox + radius * Math.cos(a))} ${n(cy + radius * Math.sin(a))}`,
        {
          fill: 'none',
          stroke: waveColours[i],
          'stroke-width': 10,
          'stroke-linecap': 'round',
        },
      )
    })
    .join('')
  const shadow = `<polygon${attrs({
    points: points([
      [cx - 112, cy - 34],
      [cx + 36, cy - 110],
      [cx + 36, cy + 110],
      [cx - 112, cy + 34],
    ]),
    ...SHADOW,
    transform: 'translate(4 12)',
  })}/>`
  const [upper, lower] = rng.shuffle(['heart', 'bars', 'chat', 'mail'])
  const ux = 1100 + rng.range(-12, 12)
  const uy = 122 + rng.range(-10, 10)
  const lx = 1108 + rng.range(-10, 10)
  const ly = 510 + rng.range(-10, 10)
  const icons =
    circle(ux + 3, uy + 9, 36, ink[900], { opacity: 0.28 }) +
    circle(ux, uy, 36, brand[400]) +
    glyph(upper!, ux - 23, uy - 23, brand[50], 0.46) +
    circle(lx + 3, ly + 9, 32, ink[900], { opacity: 0.28 }) +
    circle(lx, ly, 32, amber[400]) +
    glyph(lower!, lx - 20, ly - 20, brand[900], 0.4)
  return group(shadow + body + waves, { transform: `rotate(${n(tilt)} ${cx} ${n(cy)})` }) + icons + sparkle(830, 140, 12, amber[300])
}

type CategoryArt = { draw: Illustration; description: string }

const FALLBACK: CategoryArt = { draw: megaphone, description: 'ilustração de um megafone com ondas de som em tons de roxo' }

const CATEGORY_ART: Record<string, CategoryArt> = {
  'inteligencia artificial': { draw: network, description: 'ilustração de uma rede de pontos conectados em tons de roxo' },
  automacao: { draw: flow, description: 'ilustração de etapas ligadas por setas, com engrenagens' },
  'trafego pago': { draw: growth, description: 'ilustração de barras em alta e um alvo, em roxo e âmbar' },
  estrategia: { draw: roadmap, description: 'ilustração de um caminho com marcos até uma bandeira' },
  ferramentas: { draw: toolkit, description: 'ilustração de uma grade de ícones de ferramentas em roxo' },
  seo: { draw: search, description: 'ilustração de uma lupa sobre uma lista de resultados de busca' },
  'social commerce': { draw: shop, description: 'ilustração de um celular com um produto e uma sacola de compras' },
  'redes sociais': { draw: social, description: 'ilustração de balões de conversa e corações em tons de roxo' },
  'e-commerce': { draw: cart, description: 'ilustração de um carrinho de compras e um fone de atendimento' },
  'marketing digital': FALLBACK,
}

const categoryKey = (category: string) =>
  category
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase()
const artFor = (category: string) => CATEGORY_ART[categoryKey(category)] ?? FALLBACK

/** A short pt-BR description of the category's illustration, for the cover's alt text. */
export function coverDescription(category: string): string {
  return artFor(category).description
}

// ---------------------------------------------------------------------------
// Text

/**
 * Advance widths of DejaVu Sans Bold (the font Chromium picks for system-ui on
 * Debian, and a wide one, so narrower system fonts fit too), in hundredths of
 * the font size. Accented letters take their base letter's width.
 */
const BOLD_WIDTHS: Record<string, number> = (() => {
  const table: Record<string, number> = {}
  const groups: [string, number][] = [
    ['ijl', 34],
    ['IJ', 37],
    ['f', 44],
    ['t', 48],
    ['r', 49],
    ['s', 60],
    ['c', 59],
    ['z', 58],
    ['a', 67],
    ['ek', 68],
    ['o', 69],
    ['vxy', 65],
    ['hnu', 71],
    ['bdgpq', 72],
    ['w', 92],
    ['m', 104],
    ['L', 64],
    ['EFT', 68],
    ['0123456789', 70],
    ['PY', 73],
    ['CZ', 73],
    ['S', 72],
    ['BU', 78],
    ['AKRVX', 77],
    ['G', 82],
    ['D', 83],
    ['HN', 84],
    ['OQ', 85],
    ['M', 100],
    ['W', 110],
    [' ', 35],
    ['.,', 38],
    [':;', 40],
    ["'", 31],
    ['"', 52],
    ['!', 46],
    ['?', 58],
    ['()', 46],
    ['-', 42],
    ['/', 37],
    ['–', 50],
    ['—', 100],
    ['&', 87],
    ['%', 100],
    ['+', 84],
  ]
  for (const [chars, width] of groups) for (const ch of chars) table[ch] = width
  return table
})()

/** The width of `text` in bold at `size` px (`spacing`: letter-spacing in px). */
export function textWidth(text: string, size: number, spacing = 0): number {
  let units = 0
  for (const ch of text.normalize('NFD').replace(/[\u0300-\u036f]/g, '')) units += BOLD_WIDTHS[ch] ?? 72
  return (units / 100) * size + spacing * text.length
}

function wrap(words: string[], size: number, maxWidth: number): string[] {
  const lines: string[] = []
  let current = ''
  for (const word of words) {
    const candidate = current ? `${current} ${word}` : word
    if (current && textWidth(candidate, size) > maxWidth) {
      lines.push(current)
      current = word
    } else current = candidate
  }
  if (current) lines.push(current)
  return lines
}

const TITLE_WIDTH = 648
const TITLE_SIZES = [62, 58, 54, 50, 47, 44, 41, 38]
const MAX_LINES = 3

/**
 * The title in at most 3 lines: the largest font size at which it fits, then
 * the lines balanced (the narrowest width that still gives as many lines), so
 * no line is left with a lonely word. A title too long even at the smallest
 * size is cut with an ellipsis.
 */
export function layoutTitle(title: string): { size: number; lines: string[] } {
  const words = title.trim().split(/\s+/)
  const fits = (size: number) => {
    const lines = wrap(words, size, TITLE_WIDTH)
    return lines.length <= MAX_LINES && lines.every((text) => textWidth(text, size) <= TITLE_WIDTH)
  }
  const size = TITLE_SIZES.find(fits)
  if (size === undefined) {
    const smallest = TITLE_SIZES[TITLE_SIZES.length - 1]!
    const lines = wrap(words, smallest, TITLE_WIDTH).slice(0, MAX_LINES)
    let last = lines[MAX_LINES - 1] ?? ''
    while (last && textWidth(`${last}…`, smallest) > TITLE_WIDTH) last = last.replace(/\s*\S+$/, '')
    lines[MAX_LINES - 1] = `${last.replace(/[\s,.:;–—-]+$/, '')}…`
    return { size: smallest, lines }
  }
  const count = wrap(words, size, TITLE_WIDTH).length
  let width = TITLE_WIDTH
  while (width > 200 && wrap(words, size, width - 8).length === count) width -= 8
  return { size, lines: wrap(words, size, width) }
}

// ---------------------------------------------------------------------------
// The cover

/** The brand mark: a lever on its fulcrum, in a rounded amber square. */
function brandMark(x: number, y: number): string {
  return (
    rect(x, y, 40, 40, 11, amber[400]) +
    line(x + 9, y + 27, x + 31, y + 13, brand[900], 5) +
    `<polygon${attrs({
      points: points([
        [x + 20, y + 21],
        [x + 14, y + 32],
        [x + 26, y + 32],
      ]),
      fill: brand[900],
    })}/>` +
    circle(x + 31, y + 13, 4, brand[900])
  )
}

/** The cover of one article, as a self-contained SVG document (1200 × 630). */
export function coverSvg(article: CoverArticle): string {
  const rng = rngFor(article.slug)
  const art = artFor(article.category)
  const variant = Math.abs(Math.floor(article.variant ?? hash(`${article.slug}#layout`)))

  // Background: the gradient stays darkest under the text (left), the glow sits behind the illustration.
  const gx = rng.range(0.85, 1)
  const gy = rng.range(0.6, 1)
  const glowX = 960 + rng.range(-40, 40)
  const glowY = 315 + rng.range(-50, 50)
  const defs =
    '<defs>' +
    `<linearGradient id="bg" x1="0" y1="0" x2="${n(gx)}" y2="${n(gy)}"><stop offset="0" stop-color="${brand[900]}"/><stop offset="0.55" stop-color="${brand[800]}"/><stop offset="1" stop-color="${brand[700]}"/></linearGradient>` +
    `<radialGradient id="glow" cx="${n(glowX)}" cy="${n(glowY)}" r="360" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="${brand[400]}" stop-opacity="0.55"/><stop offset="1" stop-color="${brand[400]}" stop-opacity="0"/></radialGradient>` +
    `<linearGradient id="fade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#fff" stop-opacity="0"/><stop offset="0.45" stop-color="#fff" stop-opacity="1"/></linearGradient>` +
    `<mask id="dots-mask"><rect x="700" y="0" width="500" height="630" fill="url(#fade)"/></mask>` +
    `<pattern id="dots" width="28" height="28" patternUnits="userSpaceOnUse" x="${n(rng.range(0, 28))}" y="${n(rng.range(0, 28))}"><circle cx="3" cy="3" r="2" fill="${brand[200]}" fill-opacity="0.22"/></pattern>` +
    '</defs>'
  const rings = [rng.range(230, 260), rng.range(300, 330)]
    .map((r) => circle(glowX, glowY, r, 'none', { stroke: brand[300], 'stroke-opacity': 0.14, 'stroke-width': 2 }))
    .join('')
  const background =
    rect(0, 0, COVER_WIDTH, COVER_HEIGHT, 0, 'url(#bg)') +
    rect(0, 0, COVER_WIDTH, COVER_HEIGHT, 0, 'url(#glow)') +
    rect(700, 0, 500, COVER_HEIGHT, 0, 'url(#dots)', { mask: 'url(#dots-mask)' }) +
    rings +
    rect(0, 0, 10, COVER_HEIGHT, 0, amber[400])

  // Left: the category pill, the title and the brand.
  const left = 72
  const pillLabel = article.category.toLocaleUpperCase('pt-BR')
  const pillSize = 17
  const pillSpacing = 1.6
  const pillWidth = textWidth(pillLabel, pillSize, pillSpacing) + 40
  const pill =
    rect(left, 64, pillWidth, 42, 21, amber[300]) +
    `<text${attrs({ x: left + 20, y: 91, 'font-size': pillSize, 'font-weight': 700, 'letter-spacing': pillSpacing, fill: brand[900] })}>${escapeXml(pillLabel)}</text>`

  const { size, lines } = layoutTitle(article.title)
  const lineHeight = Math.round(size * 1.17)
  const blockHeight = lineHeight * (lines.length - 1) + size
  const bandTop = 140
  const bandBottom = 500
  const top = bandTop + Math.max(0, (bandBottom - bandTop - blockHeight - 34) / 2)
  const firstBaseline = top + size * 0.8
  const title = lines
    .map(
      (text, i) =>
        `<text${attrs({ x: left, y: firstBaseline + i * lineHeight, 'font-size': size, 'font-weight': 700, fill: ink[50], 'letter-spacing': size > 50 ? -0.8 : -0.4 })}>${escapeXml(text)}</text>`,
    )
    .join('')
  const underline = rect(left, firstBaseline + (lines.length - 1) * lineHeight + size * 0.38 + 12, 76, 7, 3.5, amber[400])

  const footer =
    brandMark(left, 534) +
    `<text${attrs({ x: left + 54, y: 562, 'font-size': 24, 'font-weight': 700, fill: ink[50] })}>Alavanca Digital</text>` +
    `<text${attrs({ x: left + 54 + textWidth('Alavanca Digital', 24) + 18, y: 562, 'font-size': 20, fill: brand[100] })}>Grow Smarter</text>`

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${COVER_WIDTH}" height="${COVER_HEIGHT}" viewBox="0 0 ${COVER_WIDTH} ${COVER_HEIGHT}">` +
    defs +
    background +
    group(art.draw(rng, variant)) +
    group(pill + title + underline + footer, { 'font-family': FONT }) +
    '</svg>'
  )
}
