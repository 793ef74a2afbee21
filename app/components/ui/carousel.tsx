import { useEffect, useRef, useState, type ComponentType } from 'react'
import { SlideRow, type CarouselProps, type SliderProps, type SlidesPerView } from './carousel-row'
import { cx } from './class-names'
import { useHydrated } from './use-hydrated'

/**
 * A carousel of cards, no looping: 'Anterior' is disabled on the first
 * position and 'Próximo' on the last; ←/→ move it when it has focus.
 *
 * Without JavaScript (and until the slider has loaded) it is a plain row
 * that scrolls sideways with snap points, so every card can be read. The
 * slider (keen-slider, about 7 KiB gzip: carousel-slider.tsx) is not loaded
 * with the page (ADR 028): it is imported when the carousel comes near the
 * viewport or is pointed at or focused, and then takes over the list.
 */
export function Carousel<Item>(props: CarouselProps<Item>) {
  const { labelledBy, items, perView, getKey, renderItem } = props
  const hydrated = useHydrated()
  const region = useRef<HTMLDivElement>(null)
  const [Slider, setSlider] = useState<ComponentType<SliderProps<Item>> | null>(null)
  const loading = useRef(false)
  const load = () => {
    if (loading.current) return
    loading.current = true
    import('./carousel-slider').then((module) => setSlider(() => module.CarouselSlider as ComponentType<SliderProps<Item>>)).catch(() => {})
  }
  // Near the viewport: loaded by the time the visitor gets there.
  useEffect(() => {
    const element = region.current
    if (!element || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && load(), { rootMargin: '200px' })
    observer.observe(element)
    return () => observer.disconnect()
  })

  return (
    // The ARIA carousel pattern: the region takes focus and the arrow keys move the slides.
    <div
      ref={region}
      role="region"
      aria-roledescription="carrossel"
      aria-labelledby={labelledBy}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      onPointerEnter={hydrated ? load : undefined}
      onFocus={hydrated ? load : undefined}
      className="rounded-2xl"
      data-enhanced={Boolean(Slider)}
    >
      {Slider ? (
        <Slider {...props} region={region} />
      ) : (
        // Without JavaScript: a sideways-scrolling row with snap points.
        <SlideRow
          items={items}
          getKey={getKey}
          renderItem={renderItem}
          className="flex snap-x snap-mandatory gap-4 overflow-x-auto pb-4 md:gap-6"
          slideClassName={cx('shrink-0 snap-start', basisClasses(perView))}
        />
      )}
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
