import { useKeenSlider, type KeenSliderInstance } from 'keen-slider/react'
import { useState, type KeyboardEvent, type ReactNode } from 'react'
import { cx } from './class-names'
import { Icon } from './icons'
import { useHydrated } from './use-hydrated'

export type SlidesPerView = { base: number; md?: number; lg?: number }

export type CarouselProps<Item> = {
  /** The id of the heading that names the carousel region (the section's title, from the content). */
  labelledBy: string
  items: readonly Item[]
  perView: SlidesPerView
  getKey: (item: Item) => string
  renderItem: (item: Item) => ReactNode
}

/**
 * A carousel of cards (keen-slider), no looping: 'Anterior' is disabled on the
 * first position and 'Próximo' on the last; ←/→ move it when it has focus.
 *
 * Without JavaScript (and until hydration) its slides scroll sideways with
 * snap points, so every card can be read; keen-slider is
 * attached only after hydration and the buttons are not shown (they could do nothing).
 */
export function Carousel<Item>({ labelledBy, items, perView, getKey, renderItem }: CarouselProps<Item>) {
  const hydrated = useHydrated()
  const [position, setPosition] = useState({ current: 0, last: 0 })
  const breakpoints: Record<string, { slides: { perView: number; spacing: number } }> = {}
  if (perView.md) breakpoints['(min-width: 768px)'] = { slides: { perView: perView.md, spacing: 24 } }
  if (perView.lg) breakpoints['(min-width: 1024px)'] = { slides: { perView: perView.lg, spacing: 24 } }

  const track = (instance: KeenSliderInstance) => {
    const details = instance.track.details
    if (details) setPosition({ current: details.rel, last: details.maxIdx })
  }
  const [sliderRef, slider] = useKeenSlider<HTMLDivElement>({
    loop: false,
    slides: { perView: perView.base, spacing: 16 },
    breakpoints,
    created: track,
    updated: track,
    slideChanged: track,
  })

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'ArrowLeft') {
      event.preventDefault()
      slider.current?.prev()
    } else if (event.key === 'ArrowRight') {
      event.preventDefault()
      slider.current?.next()
    }
  }

  const atStart = position.current <= 0
  const atEnd = position.current >= position.last

  return (
    // The ARIA carousel pattern: the region takes focus and the arrow keys move the slides.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <div
      role="region"
      aria-roledescription="carrossel"
      aria-labelledby={labelledBy}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      onKeyDown={hydrated ? handleKeyDown : undefined}
      className="rounded-2xl"
      data-enhanced={hydrated}
    >
      {/* Slides are groups (the ARIA carousel pattern), which a list may not hold: plain divs. */}
      <div
        // The slider attaches only after hydration, to a fresh element (the key), so the
        // server's scrollable list is never half-enhanced.
        key={hydrated ? 'slider' : 'list'}
        ref={hydrated ? sliderRef : undefined}
        className={
          hydrated
            ? 'keen-slider'
            : // Without JavaScript: a sideways-scrolling list with snap points.
              'flex snap-x snap-mandatory gap-4 overflow-x-auto pb-4 md:gap-6'
        }
      >
        {items.map((item, index) => (
          <div
            key={getKey(item)}
            className={hydrated ? 'keen-slider__slide' : cx('shrink-0 snap-start', basisClasses(perView))}
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} de ${items.length}`}
          >
            {renderItem(item)}
          </div>
        ))}
      </div>
      {hydrated ? (
        <div className="mt-6 flex justify-center gap-3">
          <CarouselButton label="Anterior" disabled={atStart} onClick={() => slider.current?.prev()} direction="prev" />
          <CarouselButton label="Próximo" disabled={atEnd} onClick={() => slider.current?.next()} direction="next" />
        </div>
      ) : null}
    </div>
  )
}

function basisClasses(perView: SlidesPerView) {
  const base = { 1: 'basis-[85%]', 2: 'basis-[calc(50%-0.5rem)]', 3: 'basis-[calc(33.333%-0.75rem)]' }
  const md = { 1: 'md:basis-full', 2: 'md:basis-[calc(50%-0.75rem)]', 3: 'md:basis-[calc(33.333%-1rem)]' }
  const lg = { 1: 'lg:basis-full', 2: 'lg:basis-[calc(50%-0.75rem)]', 3: 'lg:basis-[calc(33.333%-1rem)]' }
  const pick = (table: Record<number, string>, value?: number) => (value ? table[value] : undefined)
  return cx(pick(base, perView.base), pick(md, perView.md), pick(lg, perView.lg))
}

function CarouselButton({ label, disabled, onClick, direction }: { label: string; disabled: boolean; onClick: () => void; direction: 'prev' | 'next' }) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      className="inline-flex size-11 items-center justify-center rounded-full border border-ink-300 bg-white text-ink-900 hover:border-brand-600 hover:text-brand-700 disabled:cursor-not-allowed disabled:opacity-40"
    >
      <Icon>
        <path d={direction === 'prev' ? 'M15 18l-6-6 6-6' : 'M9 18l6-6-6-6'} />
      </Icon>
      <span className="sr-only">{label}</span>
    </button>
  )
}
