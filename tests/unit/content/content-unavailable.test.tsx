// @vitest-environment jsdom
import { describe, expect, test } from 'vitest'
import { ContentUnavailable } from '~/components/errors/content-unavailable'
import { fallbackSiteSettings } from '~/content/built-in-site-settings'
import { ContentUnavailableError, contentUnavailableResponse, rethrowContentError } from '~/content/content.server'
import { CONTENT_UNAVAILABLE_MESSAGE } from '~/content/messages'
import { renderOnServer } from '../../support/render'

describe('content unavailable', () => {
  test('the 503 response: Portuguese message, retry in a minute, never cached', async () => {
    const response = contentUnavailableResponse()
    expect(response.status).toBe(503)
    expect(response.headers.get('Retry-After')).toBe('60')
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    expect(await response.json()).toEqual({ message: CONTENT_UNAVAILABLE_MESSAGE })
  })

  test('a loader’s catch turns ContentUnavailableError into that response and rethrows anything else', () => {
    let thrown: unknown
    try {
      rethrowContentError(new ContentUnavailableError('Sanity indisponível: getaddrinfo ENOTFOUND'))
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(Response)
    expect((thrown as Response).status).toBe(503)
    const bug = new TypeError('bug')
    expect(() => rethrowContentError(bug)).toThrow(bug)
  })

  test('the page explains it in Portuguese, offers a retry of the same address and our contacts', () => {
    const page = renderOnServer(<ContentUnavailable settings={fallbackSiteSettings} />, { url: '/servicos?x=1' })
    page.getByRole('heading', { level: 1, name: 'Conteúdo temporariamente indisponível' })
    page.getByText(CONTENT_UNAVAILABLE_MESSAGE)
    expect(page.getByRole('link', { name: 'Tentar novamente' }).getAttribute('href')).toBe('/servicos?x=1')
    expect(page.getByRole('link', { name: 'Voltar para o início' }).getAttribute('href')).toBe('/')
    const links = page.getAllByRole('link')
    expect(links.some((a) => a.getAttribute('href') === `mailto:${fallbackSiteSettings.email}`)).toBe(true)
    expect(links.find((a) => a.getAttribute('href')?.startsWith('https://wa.me/'))?.getAttribute('rel')).toBe('noopener noreferrer')
  })
})
