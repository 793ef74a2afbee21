import { stegaClean, stegaEncodeSourceMap } from '@sanity/client/stega'
import { describe, expect, it } from 'vitest'
import { hasEditLinks, withoutEditLinks } from '~/content/edit-links'
import { readsLikeCode, withEditLinks } from '~/content/stega.server'
import { everyStringSourceMap } from '../../support/content-lake'

/**
 * Edit links (stega) in a preview's content, ADR 037. `withoutEditLinks` is
 * Sanity's `stegaClean` without the client: held here to the real one on
 * what the real encoder writes, so a change in @vercel/stega's encoding fails.
 */
const content = {
  hero: { title: 'Transformamos o seu negócio em uma máquina de vendas', eyebrow: 'Marketing com IA, automação e tráfego pago' },
  stats: [{ _key: 'a1b2c3d4e5f6', value: 'R$ 2 milhões', label: 'gerados para clientes' }],
  accents: 'Ação, atenção, coração: ç ã é õ 🚀',
}
const encoded = stegaEncodeSourceMap(content, everyStringSourceMap(content), { enabled: true, studioUrl: '/studio', filter: () => true })

describe('withoutEditLinks', () => {
  it('takes out exactly what stegaClean takes out, at any depth', () => {
    expect(encoded.hero.title).not.toBe(content.hero.title)
    expect(hasEditLinks(encoded.hero.title)).toBe(true)
    expect(withoutEditLinks(encoded)).toEqual(stegaClean(encoded))
    expect(withoutEditLinks(encoded)).toEqual(content)
    expect(withoutEditLinks(encoded.accents)).toBe(stegaClean(encoded.accents))
    expect(hasEditLinks(withoutEditLinks(encoded.accents))).toBe(false)
  })

  it('leaves text without edit links as it is (zero-width joiners of emoji included)', () => {
    for (const text of ['Olá', '👩‍💻 equipe', 'a\u200bb', '']) expect(withoutEditLinks(text)).toBe(text)
  })
})

describe('which strings get an edit link', () => {
  it('never code-like values: enum values, keys, slugs, e-mails, phones, numbers kept as text', () => {
    for (const value of ['fullscreen', 'website_seo', 'rayz-shoes', 'contato@alavanca.com.br', '+55 11 99999-0000', '(11) 3000-0000', '5511999990000', '42']) {
      expect(readsLikeCode(value), value).toBe(true)
    }
    for (const value of ['Agentes de IA', 'SEO', 'R$ 2 milhões', 'Atrax', 'Fim de ano com a agenda cheia']) expect(readsLikeCode(value), value).toBe(false)
  })

  it('encodes prose only, and nothing Sanity leaves out (URLs, SEO fields)', () => {
    const parsed = {
      title: 'Tráfego Pago Otimizado',
      presentation: 'fullscreen',
      cta: { label: 'Fale conosco', href: '/contato' },
      seo: { title: 'Tráfego pago | Alavanca' },
      email: 'contato@alavanca.com.br',
    }
    const result = withEditLinks(parsed, everyStringSourceMap(parsed))
    expect(hasEditLinks(result.title)).toBe(true)
    expect(hasEditLinks(result.cta.label)).toBe(true)
    expect(result.presentation).toBe('fullscreen')
    expect(result.cta.href).toBe('/contato')
    expect(result.email).toBe(parsed.email)
    // The source map says where the SEO title came from: under `seo`, Sanity's own filter leaves it out.
    expect(result.seo.title).toBe(parsed.seo.title)
    expect(withEditLinks(parsed, undefined)).toBe(parsed)
  })
})
