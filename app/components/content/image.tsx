import type { ImgHTMLAttributes } from 'react'
import { editTarget } from '~/content/edit-links'
import { imageSources } from '~/content/image-sources'
import type { ContentImage } from '~/content/schemas'

type ContentImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'alt' | 'width' | 'height'> & {
  image: ContentImage
  maxWidth?: number
}

/**
 * The one image component: width and height from the asset, alt from the
 * content (required by the schema), srcSet where the source has one, lazy
 * and async-decoded unless told otherwise (pass loading="eager" above the fold).
 * In an editor's preview it points the Studio at the image's field (editTarget).
 */
export function Image({ image, maxWidth, loading = 'lazy', sizes, ...props }: ContentImageProps) {
  const sources = imageSources(image, { maxWidth })
  return (
    <img
      src={sources.src}
      srcSet={sources.srcSet}
      sizes={sources.srcSet ? (sizes ?? sources.sizes) : undefined}
      width={sources.width}
      height={sources.height}
      alt={sources.alt}
      loading={loading}
      decoding="async"
      {...editTarget(image)}
      {...props}
    />
  )
}
