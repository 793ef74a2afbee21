// @vitest-environment jsdom
import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router-dom'
import { describe, expect, test } from 'vitest'
import { headingId, RichTextBody, tableOfContents } from '~/content/portable-text'
import type { RichText } from '~/content/schemas'

let counter = 0
const key = () => `k${String(++counter).padStart(11, '0')}`
const block = (style: string, text: string, extra: Record<string, unknown> = {}) => ({
  _type: 'block',
  _key: key(),
  style,
  markDefs: [],
  children: [{ _type: 'span', _key: key(), text, marks: [] }],
  ...extra,
})
const linked = (text: string, href: string) => {
  const mark = key()
  return {
    _type: 'block',
    _key: key(),
    style: 'normal',
    markDefs: [{ _type: 'link', _key: mark, href }],
    children: [{ _type: 'span', _key: key(), text, marks: [mark] }],
  }
}

const body = [
  block('h2', '1. Quem somos'),
  block('normal', 'Texto da seção.'),
  block('h3', 'Dados de contato'),
  block('h2', 'Direitos do titular (Art. 18)'),
  block('h2', 'Direitos do titular (Art. 18)'),
  linked('fale conosco', '/contato'),
  linked('site da ANPD', 'https://www.gov.br/anpd'),
  linked('clique', 'javascript:alert(1)'),
  {
    _type: 'figureTable',
    _key: key(),
    caption: 'Performance Max: resultados do período',
    rows: [
      { _type: 'tableRow', _key: key(), cells: ['Métrica', 'Valor'] },
      { _type: 'tableRow', _key: key(), cells: ['Conversões', '3.625'] },
      { _type: 'tableRow', _key: key(), cells: ['Custo por conversão', 'R$ 0,12'] },
    ],
  },
] as RichText

function render(value: RichText) {
  const html = renderToStaticMarkup(
    <MemoryRouter>
      <RichTextBody value={value} />
    </MemoryRouter>,
  )
  return { html, document: new DOMParser().parseFromString(html, 'text/html') }
}

describe('RichTextBody', () => {
  const { html, document } = render(body)

  test('h2 and h3 get slug ids, unique within the body, matching the table of contents', () => {
    const ids = [...document.querySelectorAll('h2, h3')].map((heading) => heading.id)
    expect(ids).toEqual(['1-quem-somos', 'dados-de-contato', 'direitos-do-titular-art-18', 'direitos-do-titular-art-18-2'])
    expect(tableOfContents(body)).toEqual([
      { id: '1-quem-somos', label: '1. Quem somos' },
      { id: 'direitos-do-titular-art-18', label: 'Direitos do titular (Art. 18)' },
      { id: 'direitos-do-titular-art-18-2', label: 'Direitos do titular (Art. 18)' },
    ])
    expect(headingId('Política de Privacidade — LGPD')).toBe('politica-de-privacidade-lgpd')
  })

  test('internal links stay in the site, external ones open a new tab without opener or referrer', () => {
    const internal = [...document.querySelectorAll('a')].find((a) => a.textContent === 'fale conosco')!
    expect(internal.getAttribute('href')).toBe('/contato')
    expect(internal.hasAttribute('target')).toBe(false)
    const external = [...document.querySelectorAll('a')].find((a) => a.textContent === 'site da ANPD')!
    expect(external.getAttribute('href')).toBe('https://www.gov.br/anpd')
    expect(external.getAttribute('target')).toBe('_blank')
    expect(external.getAttribute('rel')).toBe('noopener noreferrer')
  })

  test('a link of another kind (javascript:) renders as plain text', () => {
    expect(html).toContain('clique')
    expect(html).not.toContain('javascript:')
  })

  test('a figure table is an accessible table: caption, header row, row headers', () => {
    const table = document.querySelector('table')!
    expect(table.querySelector('caption')?.textContent).toBe('Performance Max: resultados do período')
    expect([...table.querySelectorAll('thead th[scope="col"]')].map((th) => th.textContent)).toEqual(['Métrica', 'Valor'])
    const rows = [...table.querySelectorAll('tbody tr')]
    expect(rows).toHaveLength(2)
    expect(rows[1]!.querySelector('th[scope="row"]')?.textContent).toBe('Custo por conversão')
    expect(rows[1]!.querySelector('td')?.textContent).toBe('R$ 0,12')
  })
})
