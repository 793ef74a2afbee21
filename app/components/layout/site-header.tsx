import { Link } from '@remix-run/react'
import { siteSettings } from '~/content/site-settings'

/** Placeholder until the shell lands: the full header is built in issue 2's layout work. */
export function SiteHeader() {
  return (
    <header className="fixed inset-x-0 top-0 z-40 bg-white">
      <Link to="/">{siteSettings.brand}</Link>
    </header>
  )
}
