import { Carousel } from '~/components/ui/carousel'
import type { SlidesPerView } from '~/components/ui/carousel-row'
import type { Testimonial } from '~/content/schemas'
import { TestimonialCard } from './testimonial-card'

/** Reviews in a carousel of cards (one per slide on phones, two from 768 px unless told otherwise). */
export function TestimonialCarousel({
  labelledBy,
  items,
  perView = { base: 1, md: 2 },
}: {
  labelledBy: string
  items: readonly (Testimonial & { _id: string })[]
  perView?: SlidesPerView
}) {
  return (
    <Carousel
      labelledBy={labelledBy}
      items={items}
      perView={perView}
      getKey={(item) => item._id}
      renderItem={(item) => <TestimonialCard testimonial={item} />}
    />
  )
}
