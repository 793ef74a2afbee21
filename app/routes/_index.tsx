import { Link } from '@remix-run/react'
import { siteSettings } from '~/content/site-settings'

export default function Home() {
  return (
    <section className="px-4 pt-32">
      <h1>{siteSettings.brand}</h1>
      <Link to="/contato">Sessão Estratégica Gratuita</Link>
    </section>
  )
}
