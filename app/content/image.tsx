import { createImageUrlBuilder } from '@sanity/image-url'
import type { ImgHTMLAttributes } from 'react'
import type { ContentImage } from './schemas'

const SANITY_CDN = /^https:\/\/cdn\.sanity\.io\/images\/([^/]+)\/([^/]+)\//
const WIDTHS = [320, 480, 640, 960, 1280, 1600]

export type ImageSources = { src: string; srcSet?: string; width?: number; height?: number; alt: string }

/**
 * The `<img>` attributes of a content image. In Sanity mode the asset lives on
 * Sanity's CDN and @sanity/image-url builds a WebP/AVIF `srcSet`; in seed mode
 * it is our own file in public/images/ (SVG or pre-sized WebP), used as is.
 */
export function imageSources(image: ContentImage, maxWidth = 1280): ImageSources {
  const url = image.url ?? ''
  const match = SANITY_CDN.exec(url)
  if (!match) return { src: url, width: image.width, height: image.height, alt: image.alt }
  const [, projectId = '', dataset = ''] = match
  const builder = createImageUrlBuilder({ projectId, dataset }).image(image.ref).auto('format').fit('max')
  const widths = WIDTHS.filter((width) => width <= maxWidth)
  return {
    src: builder.width(maxWidth).url(),
    srcSet: widths.map((width) => `${builder.width(width).url()} ${width}w`).join(', '),
    width: image.width,
    height: image.height,
    alt: image.alt,
  }
}

type ContentImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'alt'> & {
  image: ContentImage
  maxWidth?: number
}

/** The one image component: width and height (no layout shift), alt from the content, lazy unless told otherwise. */
export function Image({ image, maxWidth, loading = 'lazy', sizes = '100vw', ...props }: ContentImageProps) {
  const sources = imageSources(image, maxWidth)
  return (
    <img
      src={sources.src}
      srcSet={sources.srcSet}
      sizes={sources.srcSet ? sizes : undefined}
      width={sources.width}
      height={sources.height}
      alt={sources.alt}
      loading={loading}
      decoding="async"
      {...props}
    />
  )
}
