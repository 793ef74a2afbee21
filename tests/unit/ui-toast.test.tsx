// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { ConfirmationDialog, ConfirmationPanel } from '~/components/ui/confirmation-dialog'
import { dismissToast, getCurrentToast, showToast } from '~/components/ui/toast'
import { Toaster } from '~/components/ui/toaster'
import { renderInBrowser, renderOnServer } from '../support/render'

// The store lives as long as the module: each test starts without a toast.
afterEach(() => dismissToast())

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
  it('sends the empty, polite live region, so a toast added later is announced', () => {
    const page = renderOnServer(<Toaster />)
    const region = page.getByRole('status', { name: 'Notificações' })
    expect(region.getAttribute('aria-live')).toBe('polite')
    expect(region.textContent).toBe('')
  })

  it('ignores the client store on the server (no toast leaks between requests)', () => {
    showToast({ title: 'Só no navegador' })
    const page = renderOnServer(<Toaster />)
    expect(page.getByRole('status', { name: 'Notificações' }).textContent).toBe('')
  })
})

describe('Toaster in the browser', () => {
  it('announces a toast in the live region, one at a time, until its Fechar button closes it', async () => {
    renderInBrowser(<Toaster />)
    const region = screen.getByRole('status', { name: 'Notificações' })
    act(() => void showToast({ title: 'Primeiro' }))
    await within(region).findByText('Primeiro')
    act(() => void showToast({ title: 'Dados enviados com sucesso!', description: 'Entraremos em contato em breve.' }))
    await within(region).findByText('Dados enviados com sucesso!')
    expect(region.textContent).toContain('Entraremos em contato em breve.')
    expect(within(region).queryByText('Primeiro')).toBeNull()
    fireEvent.click(within(region).getByRole('button', { name: 'Fechar' }))
    await waitFor(() => expect(region.textContent).toBe(''))
    expect(getCurrentToast()).toBeNull()
  })
})

describe('ConfirmationDialog without JavaScript', () => {
  it('shows the confirmation in the page as a status: title, text, actions and a Fechar link to the page without it', () => {
    const page = renderOnServer(
      <ConfirmationDialog open closeHref="/blog" title="Inscrição Confirmada!" description="Você vai receber nossas novidades por e-mail.">
        <a href="/">Voltar ao site</a>
      </ConfirmationDialog>,
      { url: '/blog?inscrito=1' },
    )
    const status = page.getByRole('status')
    within(status).getByRole('heading', { level: 2, name: 'Inscrição Confirmada!' })
    within(status).getByText('Você vai receber nossas novidades por e-mail.')
    expect(within(status).getByRole('link', { name: 'Voltar ao site' }).getAttribute('href')).toBe('/')
    expect(within(status).getByRole('link', { name: 'Fechar' }).getAttribute('href')).toBe('/blog')
    expect(page.queryByRole('dialog')).toBeNull()
  })

  it('shows nothing when closed', () => {
    const page = renderOnServer(<ConfirmationDialog open={false} closeHref="/blog" title="Inscrição Confirmada!" />, { url: '/blog' })
    expect(page.container.textContent).toBe('')
  })

  it('the panel alone shows the same confirmation', () => {
    renderInBrowser(<ConfirmationPanel closeHref="/" title="Mensagem Enviada!" />)
    within(screen.getByRole('status')).getByRole('heading', { name: 'Mensagem Enviada!' })
    expect(screen.getByRole('link', { name: 'Fechar' }).getAttribute('href')).toBe('/')
  })
})

describe('ConfirmationDialog with JavaScript', () => {
  it('opens a dialog named by its title, described by its text, with the same actions', async () => {
    renderInBrowser(
      <ConfirmationDialog open closeHref="/blog" title="Inscrição Confirmada!" description="Você vai receber nossas novidades por e-mail.">
        <a href="/">Voltar ao site</a>
      </ConfirmationDialog>,
      { url: '/blog?inscrito=1' },
    )
    const dialog = await screen.findByRole('dialog', { name: 'Inscrição Confirmada!', description: 'Você vai receber nossas novidades por e-mail.' })
    within(dialog).getByRole('link', { name: 'Voltar ao site' })
    within(dialog).getByRole('button', { name: 'Fechar' })
    // Opened after hydration, the dialog comes alone: no twin left in the page.
    expect(screen.queryByRole('status')).toBeNull()
  })
})
