/**
 * The agency's identity and contacts, from one place. The content issue moves
 * these values into Sanity (`siteSettings`); until then every component reads
 * them from here, so the brand name is written exactly once.
 */
export const siteSettings = {
  brand: 'Alavanca Digital',
  defaultTitle: 'Alavanca Digital | Grow Smarter: IA, automação e tráfego pago que vendem',
  description:
    'Agência de marketing digital com IA, automação estratégica, tráfego pago e crescimento 360. Mais de R$ 2 milhões gerados para nossos clientes. Agende uma sessão estratégica gratuita.',
  blurb:
    'Transformamos negócios em máquinas de vendas com inteligência artificial, automação e tráfego pago orientado a resultado.',
  email: 'contato@alavancadigital.com.br',
  phone: { display: '(11) 99876-5432', href: 'tel:+5511998765432' },
  whatsapp: {
    number: '5511998765432',
    text: 'Olá! Vim pelo site e quero agendar uma sessão estratégica gratuita.',
  },
  social: [
    { network: 'Instagram', href: 'https://www.instagram.com/alavancadigital' },
    { network: 'LinkedIn', href: 'https://www.linkedin.com/company/alavancadigital' },
    { network: 'X', href: 'https://x.com/alavancadigital' },
  ],
  legal: {
    companyName: 'Alavanca Digital Marketing Ltda.',
    cnpj: '45.812.397/0001-54',
  },
  businessHours: [
    { days: 'Segunda a sexta', hours: '9h às 18h' },
    { days: 'Sábado', hours: '9h às 13h' },
  ],
  heroStats: [
    { value: 'R$ 2M+', label: 'faturados pelos clientes' },
    { value: '250%', label: 'aumento médio em vendas' },
    { value: '180+', label: 'empresas transformadas' },
  ],
} as const

export type SiteSettings = typeof siteSettings

export function whatsappHref(settings: Pick<SiteSettings, 'whatsapp'> = siteSettings) {
  return `https://wa.me/${settings.whatsapp.number}?text=${encodeURIComponent(settings.whatsapp.text)}`
}
