import { RemixBrowser } from '@remix-run/react'
import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { rememberThisDocument } from './leads/first-touch.client'
import { holdInputDuringHydration } from './utils/hydration-input'

rememberThisDocument()
holdInputDuringHydration()

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  )
})
