import { useNavigation } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { readCookie } from '~/analytics/cookie-store.client'
import { EVENT_ID_FIELD } from '~/leads/event-id-field'
import { LEAD_RECEIPT_COOKIE } from '~/utils/cookie-names'

/**
 * When a form post's navigation ends (a lead form's redirect included), load
 * the lead events with the form data that was posted: they read the server's
 * receipt, if it left one, and push them (lead-events.client.ts). The posted
 * data is the one that counts: Conform builds form data on every validation
 * too. Posts that are not a lead form's (the admin area's, the consent
 * banner's) and pages where nothing was posted load nothing, and this hook
 * is all the root carries of it.
 *
 * A page that loads with a receipt was the answer to a form posted as HTML:
 * sent before the form's island hydrated (app/components/ui/island.tsx), or
 * without JavaScript. Its events are pushed then, without what was posted
 * (no user data), so no stored lead goes uncounted.
 */
export function useLeadReceipts(): void {
  const navigation = useNavigation()
  const posted = useRef<FormData | null>(null)
  useEffect(() => {
    void readCookie(LEAD_RECEIPT_COOKIE).then(async (receipt) => {
      if (receipt !== null) await (await import('~/analytics/lead-events.client')).consumeLeadReceipt(new FormData())
    })
  }, [])
  useEffect(() => {
    if (navigation.formMethod && navigation.formMethod.toUpperCase() !== 'GET')
      posted.current = navigation.formData?.has(EVENT_ID_FIELD) ? navigation.formData : null
    else if (navigation.state === 'idle' && posted.current) {
      const data = posted.current
      posted.current = null
      void import('~/analytics/lead-events.client').then((events) => events.consumeLeadReceipt(data))
    }
  }, [navigation])
}
