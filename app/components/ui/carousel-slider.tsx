import { useKeenSlider, type KeenSliderInstance } from 'keen-slider/react'
import { useEffect, useState } from 'react'
import { SlideRow, type SliderProps } from './carousel-row'
import { Icon } from './icons'

/**
 * The carousel's slider (keen-slider), loaded by `Carousel` when it comes
 * near the viewport or is pointed at or focused (ADR 028): a fresh list the
 * slider owns, the Anterior/Próximo buttons (disabled at either end), and
 * ←/→ on the carousel's region.
 */
export function CarouselSlider<Item>({ items, perView, getKey, renderItem, region }: SliderProps<Item>) {
  const [position, setPosition] = useState({ current: 0, last: 0 })
  const breakpoints: Record<string, { slides: { perView: number; spacing: number } }> = {}
  if (perView.md) breakpoints['(min-width: 768px)'] = { slides: { perView: perView.md, spacing: 24 } }
  if (perView.lg) breakpoints['(min-width: 1024px)'] = { slides: { perView: perView.lg, spacing: 24 } }

  // Where the slider is, or where it is moving to: a tap's answer (Anterior enabled, Próximo disabled at the end)
  // comes as the slide starts to move, not once it has passed halfway, where keen-slider changes its slide.
  const track = (instance: KeenSliderInstance) => {
    const details = instance.track.details
    if (!details) return
    const target = instance.animator.targetIdx
    setPosition({ current: target === null ? details.rel : instance.track.absToRel(target), last: details.maxIdx })
  }
  const [sliderRef, slider] = useKeenSlider<HTMLDivElement>({
    loop: false,
    slides: { perView: perView.base, spacing: 16 },
    breakpoints,
    created: track,
    updated: track,
    slideChanged: track,
    animationStarted: track,
    animationStopped: track,
  })

  useEffect(() => {
    const element = region.current
    if (!element) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'ArrowLeft') {
        event.preventDefault()
        slider.current?.prev()
      } else if (event.key === 'ArrowRight') {
        event.preventDefault()
        slider.current?.next()
      }
    }
    element.addEventListener('keydown', onKeyDown)
    return () => element.removeEventListener('keydown', onKeyDown)
  }, [region, slider])

  return (
    <>
      <SlideRow items={items} getKey={getKey} renderItem={renderItem} className="keen-slider" slideClassName="keen-slider__slide" rowRef={sliderRef} />
      <div className="mt-6 flex justify-center gap-3">
        <CarouselButton label="Anterior" disabled={position.current <= 0} onClick={() => slider.current?.prev()} direction="prev" />
        <CarouselButton label="Próximo" disabled={position.current >= position.last} onClick={() => slider.current?.next()} direction="next" />
      </div>
    </>
  )
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
