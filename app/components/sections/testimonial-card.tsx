import { useEffect, useRef, useState, type CSSProperties } from 'react'
import { cx } from '~/components/ui/class-names'
import { imageSources } from '~/content/image-sources'
import type { Testimonial } from '~/content/schemas'

/**
 * Five stars, `rating` of them filled, read as "Nota 5 de 5": one element
 * drawn by CSS (`.star-rating` in app.css: a star mask repeated five times
 * over a two-colour fill), not five SVGs per review (about 1 KB of HTML each).
 */
export function Stars({ rating, className }: { rating: number; className?: string }) {
  return <span role="img" aria-label={`Nota ${rating} de 5`} className={cx('star-rating', className)} style={{ '--rating': rating } as CSSProperties} />
}

type AvatarState = 'idle' | 'loading' | 'loaded' | 'error'

/**
 * The reviewer's initials, replaced by the photo once it has loaded; a photo
 * that fails to load is hidden and the initials stay (spec: idle, loading,
 * loaded, error).
 */
export function Avatar({ initials, image }: { initials: string; image?: Testimonial['avatar'] }) {
  const [state, setState] = useState<AvatarState>(image ? 'loading' : 'idle')
  const imgRef = useRef<HTMLImageElement>(null)
  useEffect(() => {
    // The image may have finished (or failed) before React hydrated and attached its handlers.
    const img = imgRef.current
    if (img?.complete) setState(img.naturalWidth > 0 ? 'loaded' : 'error')
  }, [])
  return (
    <span
      className="relative inline-flex size-12 shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-100 font-bold text-brand-800"
      data-avatar-state={state}
    >
      <span aria-hidden={state === 'loaded'}>{initials}</span>
      {image && state !== 'error' ? (
        <img
          ref={imgRef}
          {...imageSources(image, 96)}
          alt=""
          loading="lazy"
          onLoad={() => setState('loaded')}
          onError={() => setState('error')}
          className={cx('absolute inset-0 size-full object-cover', state === 'loaded' ? 'opacity-100' : 'opacity-0')}
        />
      ) : null}
    </span>
  )
}

/** One review: stars, the quote in a scrolling box (80-120 px), avatar, name and role. */
export function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  return (
    <figure className="flex h-full flex-col rounded-2xl border border-ink-200 bg-white p-6 shadow-sm">
      <Stars rating={testimonial.rating} />
      {/* A scrolling box must take focus, so keyboard users can scroll it (axe: scrollable-region-focusable). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <blockquote className="mt-4 max-h-[120px] min-h-[80px] overflow-y-auto pr-2 text-ink-700" tabIndex={0} aria-label={`Depoimento de ${testimonial.name}`}>
        <p>“{testimonial.content}”</p>
      </blockquote>
      <figcaption className="mt-6 flex items-center gap-3">
        <Avatar initials={testimonial.initials} image={testimonial.avatar} />
        <span>
          <span className="block font-semibold text-ink-900">{testimonial.name}</span>
          <span className="block text-sm text-ink-600">
            {testimonial.role}
            {testimonial.company ? ` · ${testimonial.company}` : null}
          </span>
        </span>
      </figcaption>
    </figure>
  )
}
