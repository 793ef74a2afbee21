import { renderToStaticMarkup } from 'react-dom/server'
import { StaticRouter } from 'react-router-dom/server'
import { describe, expect, it } from 'vitest'
import { ConfirmationDialog, ConfirmationPanel } from '~/components/ui/dialog'
import { dismissToast, getCurrentToast, showToast } from '~/components/ui/toast'
import { Toaster } from '~/components/ui/toaster'

const atUrl = (url: string, element: React.ReactElement) => renderToStaticMarkup(<StaticRouter location={url}>{element}</StaticRouter>)

describe('toast store', () => {
  it('holds one toast at a time: a new toast replaces the current one', () => {
    showToast({ title: 'Primeiro' })
    const second = showToast({ title: 'Por favor, insira um e-mail válido.', type: 'error' })
    expect(getCurrentToast()).toMatchObject({ id: second, title: 'Por favor, insira um e-mail válido.', type: 'error' })
  })

  it('dismisses only the toast it was asked to', () => {
    const id = showToast({ title: 'Atual' })
    dismissToast('outro-id')
    expect(getCurrentToast()?.id).toBe(id)
    dismissToast(id)
    expect(getCurrentToast()).toBeNull()
  })
})

describe('Toaster on the server', () => {
  it('keeps the empty live region in the page when there is no toast', () => {
    const html = atUrl('/', <Toaster />)
    expect(html).toMatch(/^<div role="status" aria-live="polite" aria-label="Notificações"[^>]*><\/div>$/)
  })

  it('ignores the client store on the server (no toast leaks between requests)', () => {
    showToast({ title: 'Só no navegador' })
    expect(atUrl('/', <Toaster />)).not.toContain('Só no navegador')
  })
})

describe('ConfirmationDialog without JavaScript', () => {
  it('renders the inline ConfirmationPanel (role=status) with title, text, actions and a Fechar link', () => {
    const html = atUrl(
      '/blog?inscrito=1',
      <ConfirmationDialog open closeHref="/blog" title="Inscrição Confirmada!" description="Você vai receber nossas novidades por e-mail.">
        <a href="/">Voltar ao site</a>
      </ConfirmationDialog>,
    )
    // In a plain wrapper that becomes inert under the dialog once hydrated (dialog.tsx's UrlDialog).
    expect(html).toMatch(/^<div><div role="status"/)
    expect(html).toMatch(/<h2[^>]*>Inscrição Confirmada!<\/h2>/)
    expect(html).toContain('Você vai receber nossas novidades por e-mail.')
    expect(html).toContain('Voltar ao site')
    expect(html).toMatch(/<a [^>]*href="\/blog"[^>]*>.*Fechar<\/span><\/a>/)
  })

  it('renders nothing when closed', () => {
    expect(atUrl('/blog', <ConfirmationDialog open={false} closeHref="/blog" title="Inscrição Confirmada!" />)).toBe('')
  })

  it('the panel alone renders the same content', () => {
    const html = atUrl('/', <ConfirmationPanel closeHref="/" title="Mensagem Enviada!" />)
    expect(html).toContain('Mensagem Enviada!')
  })
})
