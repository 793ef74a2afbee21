import { useEffect, useRef } from 'react'
import { timeOnPageMsec } from '~/analytics/session.client'
import { browserFirstTouch } from '~/leads/first-touch.client'
import { LEAD_HIDDEN_FIELDS, type LeadFormFields } from '~/leads/lead-forms'

/**
 * Put inside every lead `<Form>`: the honeypot, the time trap and the origin
 * fields. Without JavaScript the server-rendered values are posted as they
 * are (the server adds the session's first touch from its cookie). With
 * JavaScript, right before the form data is built, it adds the page title,
 * the time on page (engagement), an event id, and the visit's first page and
 * referrer as the browser kept them (first-touch.ts: a cached page
 * set no cookie, ADR 029). The visit's session id is
 * the server's alone (the signed origin cookie): it is never in the HTML,
 * which caches may share, and the browser does not mint a second one.
 *
 *   <Form method="post">
 *     <LeadHiddenFields {...loaderData.leadForm} />
 *     ...
 */
export function LeadHiddenFields({ timer, pageUrl, freshTimer }: LeadFormFields & { freshTimer?: string | undefined }) {
  const anchor = useRef<HTMLSpanElement>(null)
  useEffect(() => {
    const form = anchor.current?.closest('form')
    if (!form) return
    const onFormData = ({ formData: data }: FormDataEvent) => {
      data.set(LEAD_HIDDEN_FIELDS.pageUrl, window.location.href)
      data.set(LEAD_HIDDEN_FIELDS.pageTitle, document.title)
      data.set(LEAD_HIDDEN_FIELDS.engagementTimeMsec, String(timeOnPageMsec()))
      data.set(LEAD_HIDDEN_FIELDS.eventId, crypto.randomUUID())
      const firstTouch = browserFirstTouch()
      if (firstTouch) {
        data.set(LEAD_HIDDEN_FIELDS.landingPage, firstTouch.landingPage)
        data.set(LEAD_HIDDEN_FIELDS.referrer, firstTouch.referrer)
      }
    }
    form.addEventListener('formdata', onFormData)
    return () => form.removeEventListener('formdata', onFormData)
  }, [])

  return (
    <>
      <span ref={anchor} hidden />
      {/* A failed post may hand back a fresh timer (expired, missing or already used): it wins. */}
      <input type="hidden" name={LEAD_HIDDEN_FIELDS.timer} value={freshTimer ?? timer} />
      <input type="hidden" name={LEAD_HIDDEN_FIELDS.pageUrl} value={pageUrl} />
      {/* Honeypot: invisible to people and screen readers, tempting to bots. */}
      <div aria-hidden="true" style={{ position: 'absolute', left: '-10000px', width: '1px', height: '1px', overflow: 'hidden' }}>
        <label>
          Deixe este campo em branco
          <input type="text" name={LEAD_HIDDEN_FIELDS.honeypot} tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
    </>
  )
}
