// @vitest-environment jsdom
import { createRemixStub } from '@remix-run/testing'
import { fireEvent, render, screen, within } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { RichTextBody } from '~/components/content/rich-text-body'
import { richTextHtml, withBodyHtml } from '~/components/content/rich-text-html.server'
import { headingId, tableOfContents } from '~/content/rich-text'
import type { RichText } from '~/content/schemas'
import { renderInBrowser } from '../../support/render'

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
  linked('a seção acima', '#1-quem-somos'),
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

/** The body as a page shows it: rendered to HTML on the server (the loader), shown by the component. */
const Body = () => <RichTextBody body={richTextHtml(body)} />

describe('RichTextBody', () => {
  test('a loader sends the body as HTML, and no body as null (a case may have none)', () => {
    const withBody = withBodyHtml({ title: 'Sobre', body })
    expect(withBody.title).toBe('Sobre')
    expect(withBody.body.html).toContain('<h2 id="1-quem-somos"')
    expect(withBodyHtml({ title: 'Case sem corpo', body: undefined as RichText | undefined }).body).toBeNull()
  })

  test('h2 and h3 get slug ids, unique within the body, matching the table of contents', () => {
    renderInBrowser(<Body />)
    const ids = screen.getAllByRole('heading').map((heading) => heading.id)
    expect(ids).toEqual(['1-quem-somos', 'dados-de-contato', 'direitos-do-titular-art-18', 'direitos-do-titular-art-18-2'])
    expect(tableOfContents(body)).toEqual([
      { id: '1-quem-somos', label: '1. Quem somos' },
      { id: 'direitos-do-titular-art-18', label: 'Direitos do titular (Art. 18)' },
      { id: 'direitos-do-titular-art-18-2', label: 'Direitos do titular (Art. 18)' },
    ])
    expect(headingId('Política de Privacidade — LGPD')).toBe('politica-de-privacidade-lgpd')
  })

  test('internal links stay in the site, external ones open a new tab without opener or referrer', () => {
    renderInBrowser(<Body />)
    const internal = screen.getByRole('link', { name: 'fale conosco' })
    expect(internal.getAttribute('href')).toBe('/contato')
    expect(internal.hasAttribute('target')).toBe(false)
    const external = screen.getByRole('link', { name: 'site da ANPD' })
    expect(external.getAttribute('href')).toBe('https://www.gov.br/anpd')
    expect(external.getAttribute('target')).toBe('_blank')
    expect(external.getAttribute('rel')).toBe('noopener noreferrer')
  })

  test("a plain click on a link to the site navigates in the page; a new tab, a jump within the page, another site stay the browser's", async () => {
    const Stub = createRemixStub([
      { path: '/blog/artigo', Component: Body },
      { path: '/contato', Component: () => <h1>Página de contato</h1> },
    ])
    render(<Stub initialEntries={['/blog/artigo']} />)
    // Whether the page took each click (it prevents the default), read after it; then jsdom, which cannot leave the page, is stopped.
    const taken: boolean[] = []
    const record = (event: MouseEvent) => {
      taken.push(event.defaultPrevented)
      event.preventDefault()
    }
    document.addEventListener('click', record)
    const internal = await screen.findByRole('link', { name: 'fale conosco' })
    fireEvent.click(internal, { button: 0, ctrlKey: true })
    fireEvent.click(screen.getByRole('link', { name: 'a seção acima' }), { button: 0 })
    fireEvent.click(screen.getByRole('link', { name: 'site da ANPD' }), { button: 0 })
    expect(screen.queryByRole('heading', { name: 'Página de contato' })).toBeNull()
    fireEvent.click(internal, { button: 0 })
    document.removeEventListener('click', record)
    expect(taken).toEqual([false, false, false, true])
    await screen.findByRole('heading', { name: 'Página de contato' })
  })

  test('a link of another kind (javascript:) renders as plain text', () => {
    const { container } = renderInBrowser(<Body />)
    screen.getByText('clique')
    expect(screen.queryByRole('link', { name: 'clique' })).toBeNull()
    expect(container.innerHTML).not.toContain('javascript:')
  })

  test('a figure table is an accessible table: named by its caption, a header row, row headers', () => {
    renderInBrowser(<Body />)
    const table = screen.getByRole('table', { name: 'Performance Max: resultados do período' })
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Métrica', 'Valor'])
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((header) => header.textContent),
    ).toEqual(['Conversões', 'Custo por conversão'])
    const cost = within(table).getByRole('row', { name: /Custo por conversão/ })
    expect(within(cost).getByRole('cell').textContent).toBe('R$ 0,12')
  })
})
