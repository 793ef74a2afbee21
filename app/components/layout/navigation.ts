/**
 * Every link of the header and footer, in one place (spec lead-capture §2
 * "Layout on every page"). Labels are the spec's; paths are the site's routes.
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

export const servicesNavigation: readonly NavItem[] = [
  { label: 'IA para Marketing', to: '/servicos/ia' },
  { label: 'Automação Estratégica', to: '/servicos/automacao' },
  { label: 'Tráfego Pago', to: '/servicos/trafego' },
  { label: 'Crescimento Digital 360', to: '/servicos/crescimento' },
]

export const legalNavigation: readonly NavItem[] = [
  { label: 'Política de Privacidade', to: '/politica-privacidade' },
  { label: 'Termos de Uso', to: '/termos-uso' },
]

export const headerCallToAction: NavItem = { label: 'Fale com um Especialista', to: '/contato' }

/** Whether a nav item is the current page (Home only on "/", the others on their subtree). */
export function isCurrentPath(itemPath: string, pathname: string): boolean {
  if (itemPath === '/') return pathname === '/'
  return pathname === itemPath || pathname.startsWith(`${itemPath}/`)
}
