// @vitest-environment jsdom
import { createRemixStub } from '@remix-run/testing'
import { act, type ReactElement } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it } from 'vitest'
import { ContactPageForm } from '~/components/forms/contact-page-form'
import { HomeContactForm } from '~/components/forms/home-contact-form'
import { NewsletterForm } from '~/components/forms/newsletter-form'
import { fallbackSiteSettings } from '~/content/built-in-site-settings'
import { allowConsoleErrors } from '../support/console-guard'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

const leadForm = (form: 'home' | 'contact' | 'newsletter') => ({ form, timer: 'timer', pageUrl: 'http://localhost/' })
/** The form as a page renders it: under the root route, whose loader data carries the site settings. */
const inRoute = (element: ReactElement) => {
  const RemixStub = createRemixStub([{ id: 'root', path: '*', Component: () => element }])
  return <RemixStub initialEntries={['/']} hydrationData={{ loaderData: { root: { settings: fallbackSiteSettings } } }} />
}

afterEach(() => {
  document.body.innerHTML = ''
})

/** The native constraints of each control, as the DOM has them. */
const constraintsOf = (root: ParentNode) =>
  [...root.querySelectorAll('input, textarea, select')].map((control) =>
    Object.fromEntries(['name', 'type', 'required', 'minlength', 'maxlength', 'pattern'].map((attribute) => [attribute, control.getAttribute(attribute)])),
  )

describe.each([
  ['home', () => <HomeContactForm leadForm={leadForm('home')} />],
  ['contact page', () => <ContactPageForm leadForm={leadForm('contact')} />],
  ['newsletter', () => <NewsletterForm leadForm={leadForm('newsletter')} />],
])('the %s form', (_name, form) => {
  it('hydrates on the server’s constraints without its validator, then loads it', async () => {
    allowConsoleErrors(/^Warning: useLayoutEffect does nothing on the server[\s\S]*\n\s+at RemixStub \(/)
    const container = document.body.appendChild(document.createElement('div'))
    container.innerHTML = renderToString(inRoute(form()))
    const served = constraintsOf(container)
    expect(served.some((control) => control.required !== null)).toBe(true)
    // A hydration mismatch is a console.error in React's development build: the console guard fails the test.
    // The validator's module is fetched first, so that its arrival (a state update) happens inside act().
    await import('~/leads/lead-validation')
    await act(async () => {
      hydrateRoot(container, inRoute(form()))
    })
    expect(container.querySelector('form')?.hasAttribute('data-browser-validation')).toBe(true)
    expect(constraintsOf(container)).toEqual(served)
  })
})
