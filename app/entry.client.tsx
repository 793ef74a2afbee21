import { RemixBrowser } from '@remix-run/react'
import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { rememberFirstTouch } from './leads/first-touch.client'
import { holdInputDuringHydration } from './utils/hydration-input'

rememberFirstTouch()
holdInputDuringHydration()

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  )
})
