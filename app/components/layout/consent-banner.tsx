import { useLocation } from '@remix-run/react'
import { memo } from 'react'
import { CONSENT_BANNER_ID } from '~/analytics/consent'
import { CONSENT_COPY } from '~/analytics/consent-copy'
import { PrivacyPolicySentence } from '~/components/ui/privacy-policy-sentence'
import { ConsentChoiceForm } from './consent-choice-form'

/**
 * The cookie banner (ADR 031): in every page's HTML, the same for everyone
 * (pages stay shareable by a CDN); hidden by CSS once `<html data-consent>`
 * says a choice was made, which only the head script sets, in the browser,
 * from the visitor's own cookie (ADR 034; app.css says when else). With
 * JavaScript, consent-banner.client.ts posts the choice in the background
 * and applies it at once.
 */
export const ConsentBanner = memo(function ConsentBanner() {
  const { pathname, search } = useLocation()
  return (
    <section
      id={CONSENT_BANNER_ID}
      aria-labelledby="consentimento-titulo"
      className="consent-banner fixed inset-x-0 bottom-0 z-40 border-t border-ink-200 bg-white p-4 shadow-2xl shadow-ink-950/20 md:p-5"
    >
      <div className="mx-auto flex max-w-[1200px] flex-col gap-3 md:flex-row md:items-center md:justify-between md:gap-8">
        <div>
          <h2 id="consentimento-titulo" className="text-base font-bold text-ink-900">
            {CONSENT_COPY.bannerTitle}
          </h2>
          <p className="mt-1 text-sm text-ink-700">
            <PrivacyPolicySentence text={CONSENT_COPY.bannerText} linkClassName="text-brand-700 underline-offset-2" />
          </p>
        </div>
        <ConsentChoiceForm back={`${pathname}${search}`} className="shrink-0" />
      </div>
    </section>
  )
})
