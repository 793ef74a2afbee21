import { CONSENT_FOOTER_LINK, CONSENT_PATH } from '~/analytics/consent'
/**
 * Every link of the header and footer, in one place. Labels are the spec's;
 * paths are the site's routes.
 */
export type NavItem = { label: string; to: string }

export const mainNavigation: readonly NavItem[] = [
  { label: 'Home', to: '/' },
  { label: 'Sobre Nós', to: '/sobre' },
  { label: 'Serviços', to: '/servicos' },
  { label: 'Cases de Sucesso', to: '/casos' },
  { label: 'Blog', to: '/blog' },
  { label: 'Contato', to: '/contato' },
]

export const toolsNavigation: readonly NavItem[] = [
  { label: 'Calculadora de Métricas', to: '/ferramentas/calculadora' },
  { label: 'Teste de Presença Digital', to: '/ferramentas/teste-presenca-digital' },
]

export const legalNavigation: readonly NavItem[] = [
  { label: 'Política de Privacidade', to: '/politica-privacidade' },
  { label: 'Termos de Uso', to: '/termos-uso' },
  // Where the cookie choice can be changed later (ADR 031).
  { label: CONSENT_FOOTER_LINK, to: CONSENT_PATH },
]

export const headerCallToAction: NavItem = { label: 'Fale com um Especialista', to: '/contato' }

/**
 * A header nav entry's type and spacing. The full nav shows from 768 px (the
 * spec's mobile breakpoint), beside the call to action: narrower type and
 * spacing below 1280 px make room for both.
 */
export const headerNavItemClassName = 'rounded-md px-1.5 py-2 text-[13px] font-semibold whitespace-nowrap hover:text-brand-700 lg:text-sm xl:px-2'

/** Whether a nav item is the current page (Home only on "/", the others on their subtree). */
export function isCurrentPath(itemPath: string, pathname: string): boolean {
  if (itemPath === '/') return pathname === '/'
  return pathname === itemPath || pathname.startsWith(`${itemPath}/`)
}
