import { NavLink } from '@remix-run/react'
import { memo, useEffect, useState } from 'react'
import { ButtonLink } from '~/components/ui/button'
import { cx } from '~/components/ui/class-names'
import { ChatIcon } from '~/components/ui/icons'
import { Logo } from './logo'
import { MobileMenu } from './mobile-menu'
import { headerCallToAction, headerNavItemClassName, mainNavigation, toolsNavigation } from './navigation'
import { ToolsDropdown } from './tools-dropdown'

/** The page must scroll more than this many pixels before the header turns solid. */
export const HEADER_SOLID_AFTER_PX = 10

function useScrolledPast(threshold: number) {
  const [scrolled, setScrolled] = useState(false)
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold)
    update()
    window.addEventListener('scroll', update, { passive: true })
    return () => window.removeEventListener('scroll', update)
  }, [threshold])
  return scrolled
}

/**
 * The fixed header on every page. Translucent at the top of the page, solid
 * once scrolled (with JavaScript; without it, it stays translucent, which is
 * just as readable). The current page's link carries aria-current="page".
 */
export const SiteHeader = memo(function SiteHeader({ brand }: { brand: string }) {
  const scrolled = useScrolledPast(HEADER_SOLID_AFTER_PX)
  return (
    <header
      data-scrolled={scrolled}
      className={cx(
        'fixed inset-x-0 top-0 z-40 border-b transition-colors duration-200',
        scrolled ? 'border-ink-200 bg-white shadow-sm' : 'border-transparent bg-white/85 backdrop-blur',
      )}
    >
      <div className="mx-auto flex h-16 max-w-[1200px] items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        {/* Between 768 and 1199 px only the mark shows, so the full nav and the call to action fit. */}
        <Logo brand={brand} compactBetween768And1199 />
        <nav aria-label="Principal" className="hidden items-center gap-1 md:flex">
          <ul className="flex items-center gap-1">
            {mainNavigation.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.to === '/'}
                  className={({ isActive }) =>
                    cx(headerNavItemClassName, isActive ? 'text-brand-700 underline decoration-2 underline-offset-8' : 'text-ink-700')
                  }
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <ToolsDropdown items={toolsNavigation} />
        </nav>
        <div className="flex items-center gap-2">
          {/* From 768 px (below, it heads the full-screen menu); between 768 and 1023 px as an icon with the same name. */}
          <div className="hidden md:block">
            <ButtonLink to={headerCallToAction.to} size="sm" className="whitespace-nowrap md:max-lg:size-10 md:max-lg:px-0">
              <ChatIcon className="size-5 lg:hidden" />
              <span className="md:max-lg:sr-only">{headerCallToAction.label}</span>
            </ButtonLink>
          </div>
          <MobileMenu />
        </div>
      </div>
    </header>
  )
})
