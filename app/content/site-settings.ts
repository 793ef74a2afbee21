import type { SiteSettings } from './schemas'

/**
 * The agency's identity as it is in the seed (studio/seed/settings.ndjson).
 * Pages read the siteSettings document from the content source; this copy is
 * the fallback that keeps the header, footer and error pages whole when the
 * content itself is unavailable (a 503 page still shows who we are).
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
    { _key: 'instagram', network: 'instagram', url: 'https://www.instagram.com/alavancadigital' },
    { _key: 'linkedin', network: 'linkedin', url: 'https://www.linkedin.com/company/alavancadigital' },
    { _key: 'x', network: 'x', url: 'https://x.com/alavancadigital' },
  ],
  legal: { companyName: 'Alavanca Digital Marketing Ltda.', cnpj: '45.812.397/0001-54' },
  businessHours: [
    { _key: 'semana', days: 'Segunda a sexta', hours: '9h às 18h' },
    { _key: 'sabado', days: 'Sábado', hours: '9h às 13h' },
  ],
  heroStats: [
    { _key: 'faturamento', value: 'R$ 2M+', label: 'faturados pelos clientes' },
    { _key: 'vendas', value: '250%', label: 'aumento médio em vendas' },
    { _key: 'empresas', value: '180+', label: 'empresas transformadas' },
  ],
}

export type { SiteSettings }

const socialLabels: Record<SiteSettings['social'][number]['network'], string> = {
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  x: 'X',
}

export const socialLabel = (network: SiteSettings['social'][number]['network']) => socialLabels[network]

export function whatsappHref(settings: Pick<SiteSettings, 'whatsapp'>) {
  return `https://wa.me/${settings.whatsapp.number}?text=${encodeURIComponent(settings.whatsapp.text)}`
}
