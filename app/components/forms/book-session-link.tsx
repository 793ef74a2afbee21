import { BOOKING_LINK_TEXT } from '~/booking/booking-link-copy'
import { ButtonLink } from '~/components/ui/button'

/**
 * After any lead form: the way to book the strategy session at once
 * (/agendar, issue 44). The same link for everyone, so the confirmation stays
 * a page a shared cache may keep: the visitor's own cookie tells /agendar who
 * they are.
 */
export function BookSessionLink({ className, fullWidth }: { className?: string; fullWidth?: boolean }) {
  return (
    <ButtonLink to="/agendar" fullWidth={fullWidth} className={className}>
      {BOOKING_LINK_TEXT}
    </ButtonLink>
  )
}
