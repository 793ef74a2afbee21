/**
 * The content class of a path for the publisher-subscription script:
 * premium_content for the premium prefixes, checked first; open_access for
 * everything else (the tools and the case studies are listed as open on
 * purpose). No premium page exists yet: the classification is ready for when
 * one does.
 */

export const PREMIUM_PREFIXES = [
  '/premium',
  '/assinantes',
  '/relatorios-exclusivos',
  '/artigos-premium',
  '/ferramentas-premium',
  '/auditoria-avancada',
  '/roi-calculator-pro',
] as const

export type ContentClass = 'premium_content' | 'open_access'

export function contentClassOf(path: string): ContentClass {
  if (PREMIUM_PREFIXES.some((prefix) => path.startsWith(prefix))) return 'premium_content'
  return 'open_access'
}

export type SubscriptionConfig = {
  contentType: ContentClass
  type: 'NewsArticle' | 'WebPage'
  isPartOfType: string[]
  isPartOfProductId: string
  clientOptions: { theme: 'light'; lang: 'pt-BR' }
}

/** The script's configuration for a path, under the configured product id. */
export function subscriptionConfig(path: string, productId: string): SubscriptionConfig {
  const contentType = contentClassOf(path)
  return {
    contentType,
    type: path.startsWith('/blog/') ? 'NewsArticle' : 'WebPage',
    isPartOfType: ['Product'],
    isPartOfProductId: `${productId}:${contentType === 'premium_content' ? 'premium' : 'openaccess'}`,
    clientOptions: { theme: 'light', lang: 'pt-BR' },
  }
}
