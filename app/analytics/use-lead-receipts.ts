import { useLocation, useNavigation } from '@remix-run/react'
import { useEffect } from 'react'
import { LEAD_RECEIPT_COOKIE } from '~/leads/lead-receipt-cookie'

/**
 * After every navigation (a form's redirect included): when the server left a
 * lead's receipt, load the lead events and push them (lead-events.client.ts).
 * Pages without one load nothing.
 */
export function useLeadReceipts(): void {
  const location = useLocation()
  const { state } = useNavigation()
  useEffect(() => {
    if (state !== 'idle' || !document.cookie.includes(`${LEAD_RECEIPT_COOKIE}=`)) return
    void import('./lead-events.client').then((events) => events.consumeLeadReceipt())
  }, [location.key, state])
}
