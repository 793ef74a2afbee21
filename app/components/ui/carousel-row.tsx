import type { ReactNode, Ref, RefObject } from 'react'

/* What the carousel and its lazily loaded slider (carousel-slider.tsx) share: a module of its own, so neither imports the other. */

export type SlidesPerView = { base: number; md?: number; lg?: number }

export type CarouselProps<Item> = {
  /** The id of the heading that names the carousel region (the section's title, from the content). */
  labelledBy: string
  items: readonly Item[]
  perView: SlidesPerView
  getKey: (item: Item) => string
  renderItem: (item: Item) => ReactNode
}

/** What the slider (carousel-slider.tsx) gets: the carousel's props and its region, for the arrow keys. */
export type SliderProps<Item> = CarouselProps<Item> & { region: RefObject<HTMLDivElement | null> }

/**
 * The row of slides, the same before and after the slider loads: groups with
 * the ARIA slide pattern (which a list may not hold, so plain divs).
 */
export function SlideRow<Item>({
  items,
  getKey,
  renderItem,
  className,
  slideClassName,
  rowRef,
}: Pick<CarouselProps<Item>, 'items' | 'getKey' | 'renderItem'> & { className: string; slideClassName: string; rowRef?: Ref<HTMLDivElement> }) {
  return (
    <div ref={rowRef} className={className}>
      {items.map((item, index) => (
        <div key={getKey(item)} className={slideClassName} role="group" aria-roledescription="slide" aria-label={`${index + 1} de ${items.length}`}>
          {renderItem(item)}
        </div>
      ))}
    </div>
  )
}
