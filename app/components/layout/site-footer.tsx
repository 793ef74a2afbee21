import { Link } from '@remix-run/react'
import { memo } from 'react'
import { servicePath, type SiteSettings } from '~/content/site-settings'
import { Logo } from './logo'
import { legalNavigation, mainNavigation, toolsNavigation, type NavItem } from './navigation'
import { SocialLinks } from './social-links'

type FooterSettings = Pick<SiteSettings, 'brand' | 'blurb' | 'email' | 'phone' | 'social' | 'legal' | 'services'>

/** The footer on every page: blurb, social links, four link columns, contacts and the legal line. */
export const SiteFooter = memo(function SiteFooter({ settings }: { settings: FooterSettings }) {
  const year = new Date().getFullYear()
  return (
    <footer className="bg-ink-950 text-ink-300">
      <div className="mx-auto grid max-w-[1200px] gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-[1.4fr_1fr_1fr_1fr] lg:px-8">
        <div>
          <Logo brand={settings.brand} tone="dark" />
          <p className="mt-4 max-w-sm text-sm leading-relaxed">{settings.blurb}</p>
          <SocialLinks profiles={settings.social} tone="dark" className="mt-6" />
        </div>
        <FooterColumn title="Links rápidos" items={mainNavigation} />
        {/* Named as each service's own page names it (the service documents). */}
        <FooterColumn title="Serviços" items={settings.services.map((service) => ({ label: service.title, to: servicePath(service.slug) }))} />
        <div>
          <FooterColumn title="Ferramentas" items={toolsNavigation} />
          <h2 className="mt-8 text-sm font-bold tracking-widest text-white uppercase">Contato</h2>
          <ul className="mt-4 space-y-2 text-sm">
            <li>
              <a className="hover:text-white" href={`mailto:${settings.email}`}>
                {settings.email}
              </a>
            </li>
            <li>
              <a className="hover:text-white" href={`tel:${settings.phone.e164}`}>
                {settings.phone.display}
              </a>
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-[1200px] flex-col gap-3 px-4 py-6 text-xs sm:px-6 md:flex-row md:items-center md:justify-between lg:px-8">
          <p>
            © {year} {settings.legal.companyName} · CNPJ {settings.legal.cnpj}
          </p>
          <ul className="flex gap-4">
            {legalNavigation.map((item) => (
              <li key={item.to}>
                <Link className="underline-offset-4 hover:text-white hover:underline" to={item.to}>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  )
})

function FooterColumn({ title, items }: { title: string; items: readonly NavItem[] }) {
  return (
    <nav aria-label={title}>
      <h2 className="text-sm font-bold tracking-widest text-white uppercase">{title}</h2>
      <ul className="mt-4 space-y-2 text-sm">
        {items.map((item) => (
          <li key={item.to}>
            <Link className="hover:text-white" to={item.to}>
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
