import { Link } from '@remix-run/react'
import { PRIVACY_POLICY_LINK_TEXT, PRIVACY_POLICY_PATH } from '~/leads/consent'
import { cx } from './class-names'

/**
 * A sentence that ends on a link to the privacy policy ("… na Política de
 * Privacidade."), as the forms' LGPD notice, the newsletter's consent, the
 * cookie banner and the cookie preferences page each say it.
 */
export function PrivacyPolicySentence({ text, linkClassName }: { text: string; linkClassName?: string }) {
  return (
    <>
      {text}{' '}
      <Link to={PRIVACY_POLICY_PATH} className={cx('font-semibold underline', linkClassName)}>
        {PRIVACY_POLICY_LINK_TEXT}
      </Link>
      .
    </>
  )
}
