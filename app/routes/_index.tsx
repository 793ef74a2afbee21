import { HomeHero } from '~/components/sections/home-hero'
import { siteSettings } from '~/content/site-settings'

export default function Home() {
  return (
    <HomeHero
      eyebrow="Marketing com IA, automação e tráfego pago"
      title="Transformamos o seu negócio em uma máquina de vendas"
      subtitle="Já geramos mais de R$ 2 milhões em faturamento para nossos clientes. Agende uma sessão estratégica gratuita e descubra onde estão as vendas que o seu negócio está deixando na mesa."
      primaryCta={{ label: 'Sessão Estratégica Gratuita', href: '/contato' }}
      secondaryCta={{ label: 'Ver Cases de Sucesso', href: '/casos' }}
      stats={siteSettings.heroStats}
    />
  )
}
