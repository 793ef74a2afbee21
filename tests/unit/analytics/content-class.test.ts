import { describe, expect, it } from 'vitest'
import { contentClassOf, subscriptionConfig } from '~/analytics/content-class'

describe('the content class of a path', () => {
  it('is premium_content under each premium prefix', () => {
    for (const path of [
      '/premium',
      '/assinantes/area',
      '/relatorios-exclusivos/2026',
      '/artigos-premium/x',
      '/ferramentas-premium',
      '/auditoria-avancada',
      '/roi-calculator-pro',
    ]) {
      expect(contentClassOf(path), path).toBe('premium_content')
    }
  })

  it('is open_access everywhere else, the tools and case studies included (premium checked first)', () => {
    for (const path of [
      '/',
      '/blog/um-artigo',
      '/ferramentas',
      '/ferramentas/calculadora',
      '/teste-presenca-digital',
      '/calculadora-metricas',
      '/case-studies',
      '/casos',
    ]) {
      expect(contentClassOf(path), path).toBe('open_access')
    }
    // '/ferramentas-premium' starts with '/ferramentas' too: premium is checked first.
    expect(contentClassOf('/ferramentas-premium/x')).toBe('premium_content')
  })

  it('builds the script configuration with the product id and the pt-BR light theme', () => {
    expect(subscriptionConfig('/premium/relatorio', 'CAowsample')).toEqual({
      contentType: 'premium_content',
      type: 'WebPage',
      isPartOfType: ['Product'],
      isPartOfProductId: 'CAowsample:premium',
      clientOptions: { theme: 'light', lang: 'pt-BR' },
    })
    expect(subscriptionConfig('/blog/um-artigo', 'CAowsample')).toMatchObject({
      contentType: 'open_access',
      type: 'NewsArticle',
      isPartOfProductId: 'CAowsample:openaccess',
    })
  })
})
