import type { SiteSettings } from './schemas'

/**
 * The agency's identity as it is in the seed (studio/seed/settings.ndjson),
 * with the services that have a page (studio/seed/services.ndjson).
 * Pages read the siteSettings document from the content source; this copy is
 * the fallback that keeps the header, footer and error pages whole when the
 * content itself is unavailable (a 503 page still shows who we are). A test
 * (content-source.test.ts) keeps it equal to the seed, keys included.
 */
export const fallbackSiteSettings: SiteSettings = {
  brand: 'Alavanca Digital',
  defaultTitle: 'Alavanca Digital | Grow Smarter: IA, automação e tráfego pago que vendem',
  description:
    'Agência de marketing digital com IA, automação, tráfego pago e crescimento 360. Mais de R$ 2 milhões gerados para clientes. Agende sua sessão gratuita.',
  blurb: 'Transformamos negócios em máquinas de vendas com inteligência artificial, automação e tráfego pago orientado a resultado.',
  email: 'contato@alavancadigital.com.br',
  phone: { display: '(11) 99876-5432', e164: '+5511998765432' },
  whatsapp: { number: '5511998765432', text: 'Olá! Vim pelo site e quero agendar uma sessão estratégica gratuita.' },
  social: [
    { _key: 'eda1d8e22988', network: 'instagram', url: 'https://www.instagram.com/alavancadigital' },
    { _key: 'bb8abf922037', network: 'linkedin', url: 'https://www.linkedin.com/company/alavancadigital' },
    { _key: '9c443e49e574', network: 'x', url: 'https://x.com/alavancadigital' },
  ],
  legal: { companyName: 'Alavanca Digital Marketing Ltda.', cnpj: '45.812.397/0001-54' },
  businessHours: [
    { _key: '00dd1b350104', days: 'Segunda a sexta', hours: '9h às 18h' },
    { _key: 'e6da14a42cfa', days: 'Sábado', hours: '9h às 13h' },
  ],
  heroStats: [
    { _key: '5f44a811e334', value: 'R$ 2M+', label: 'faturados pelos clientes' },
    { _key: 'b20fdfd88f89', value: '250%', label: 'aumento médio em vendas' },
    { _key: 'f7a29a616574', value: '180+', label: 'empresas transformadas' },
  ],
  services: [
    { title: 'Tráfego Pago Otimizado', slug: 'trafego' },
    { title: 'Agentes de IA', slug: 'ia' },
    { title: 'Automação Estratégica', slug: 'automacao' },
    { title: 'Crescimento Digital 360', slug: 'crescimento' },
  ],
}

export type { SiteSettings }

const socialLabels: Record<SiteSettings['social'][number]['network'], string> = {
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  x: 'X',
}

export const socialLabel = (network: SiteSettings['social'][number]['network']) => socialLabels[network]

/** The profile the success dialogs point to: Instagram, or the first network listed. */
export function featuredSocialUrl(settings: Pick<SiteSettings, 'social'>): string {
  return (settings.social.find((profile) => profile.network === 'instagram') ?? settings.social[0])?.url ?? '/'
}

export function whatsappHref(settings: Pick<SiteSettings, 'whatsapp'>) {
  return `https://wa.me/${settings.whatsapp.number}?text=${encodeURIComponent(settings.whatsapp.text)}`
}

/** The footer's and the contact form's link to a service page. */
export const servicePath = (slug: string) => `/servicos/${slug}`
