// @vitest-environment jsdom
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { Image } from '~/components/content/image'
import { parseAssetRef, seedImagePath } from '~/content/asset-ref'
import { imageSources } from '~/content/image-sources'
import { imageSchema } from '~/content/schemas'

const img = (html: string) => new DOMParser().parseFromString(html, 'text/html').querySelector('img')!

describe('asset references', () => {
  test('name their file and size', () => {
    expect(parseAssetRef('image-google-rating-240x80-svg')).toEqual({
      name: 'google-rating',
      width: 240,
      height: 80,
      extension: 'svg',
      fileName: 'google-rating.svg',
    })
    expect(parseAssetRef('image-Tb9Ew8CXIwaY6R1kjMvI0uRR-2000x3000-jpg')).toMatchObject({ width: 2000, height: 3000, extension: 'jpg' })
    expect(parseAssetRef('imagem-qualquer')).toBeNull()
    expect(seedImagePath('image-og-default-1200x630-png')).toBe('/images/og-default.png')
  })
})

describe('imageSources', () => {
  test('seed mode: the public file, its size from the reference, no srcSet', () => {
    const image = imageSchema.parse({ ref: 'image-google-rating-240x80-svg', alt: 'Google Rating 5.0' })
    expect(imageSources(image)).toEqual({ src: '/images/google-rating.svg', width: 240, height: 80, alt: 'Google Rating 5.0' })
  })

  test('Sanity mode: @sanity/image-url sizes, a srcSet up to twice the shown width, and sizes', () => {
    const image = imageSchema.parse({
      ref: 'image-abc123-2000x1000-jpg',
      url: 'https://cdn.sanity.io/images/proj1/production/abc123-2000x1000.jpg',
      alt: 'Equipe reunida',
    })
    const sources = imageSources(image, { maxWidth: 640 })
    expect(sources.width).toBe(640)
    expect(sources.height).toBe(320)
    expect(sources.src).toMatch(/^https:\/\/cdn\.sanity\.io\/images\/proj1\/production\/abc123-2000x1000\.jpg\?.*w=640/)
    expect(sources.src).toContain('auto=format')
    const widths = sources.srcSet!.split(', ').map((entry) => Number(entry.split(' ')[1]!.replace('w', '')))
    expect(Math.max(...widths)).toBe(1280)
    expect(widths).toContain(640)
    expect(sources.sizes).toBe('(max-width: 640px) 100vw, 640px')
  })

  test('never asks the CDN for more pixels than the original has', () => {
    const image = imageSchema.parse({ ref: 'image-small-300x200-png', url: 'https://cdn.sanity.io/images/p/d/small-300x200.png', alt: 'Ícone' })
    const sources = imageSources(image, 1280)
    expect(sources.width).toBe(300)
    expect(sources.srcSet!.split(', ').every((entry) => Number(entry.split(' ')[1]!.replace('w', '')) <= 300)).toBe(true)
  })

  test('a crop changes the size the image is shown at', () => {
    const image = imageSchema.parse({
      ref: 'image-abc-1000x1000-jpg',
      url: 'https://cdn.sanity.io/images/p/d/abc-1000x1000.jpg',
      crop: { top: 0, bottom: 0.5, left: 0, right: 0 },
      alt: 'Recorte',
    })
    expect(imageSources(image, 1000)).toMatchObject({ width: 1000, height: 500 })
  })

  test('an SVG on the CDN is used as it is', () => {
    const image = imageSchema.parse({ ref: 'image-logo-240x80-svg', url: 'https://cdn.sanity.io/images/p/d/logo-240x80.svg', alt: 'Logo' })
    expect(imageSources(image)).toEqual({ src: 'https://cdn.sanity.io/images/p/d/logo-240x80.svg', width: 240, height: 80, alt: 'Logo' })
  })
})

describe('<Image>', () => {
  test('renders width, height and alt, lazy and async by default', () => {
    const image = imageSchema.parse({ ref: 'image-google-rating-240x80-svg', alt: 'Google Rating 5.0' })
    const element = img(renderToStaticMarkup(<Image image={image} className="h-20" />))
    expect(element.getAttribute('src')).toBe('/images/google-rating.svg')
    expect(element.getAttribute('width')).toBe('240')
    expect(element.getAttribute('height')).toBe('80')
    expect(element.getAttribute('alt')).toBe('Google Rating 5.0')
    expect(element.getAttribute('loading')).toBe('lazy')
    expect(element.getAttribute('decoding')).toBe('async')
    expect(element.hasAttribute('srcset')).toBe(false)
  })

  test('eager when told (above the fold), with a srcSet and sizes in Sanity mode', () => {
    const image = imageSchema.parse({ ref: 'image-h-1600x900-jpg', url: 'https://cdn.sanity.io/images/p/d/h-1600x900.jpg', alt: 'Capa' })
    const element = img(renderToStaticMarkup(<Image image={image} loading="eager" maxWidth={800} />))
    expect(element.getAttribute('loading')).toBe('eager')
    expect(element.getAttribute('srcset')).toMatch(/ 1600w$/)
    expect(element.getAttribute('sizes')).toBe('(max-width: 800px) 100vw, 800px')
  })
})
