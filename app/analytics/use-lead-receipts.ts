import { useNavigation } from '@remix-run/react'
import { useEffect, useRef } from 'react'

/**
 * When a form post's navigation ends (a lead form's redirect included), load
 * the lead events: they read the server's receipt, if it left one, and push
 * them (lead-events.client.ts). Pages where nothing was posted load nothing,
 * and this hook is all the root carries of it.
 */
export function useLeadReceipts(): void {
  const navigation = useNavigation()
  const posted = useRef(false)
  useEffect(() => {
    if (navigation.formMethod && navigation.formMethod.toUpperCase() !== 'GET') posted.current = true
    else if (navigation.state === 'idle' && posted.current) {
      posted.current = false
      void import('./lead-events.client').then((events) => events.consumeLeadReceipt())
    }
  }, [navigation])
}
