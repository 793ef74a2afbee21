/**
 * The LGPD notice shown under every lead form. Its version is stored with each
 * lead (leads.consent_version, with consent_at), so a change of wording must
 * come with a new version: bump CONSENT_VERSION whenever these texts change.
 */

export const CONSENT_VERSION = 'lgpd-2026-11'

export const PRIVACY_POLICY_PATH = '/politica-privacidade'
export const PRIVACY_POLICY_LINK_TEXT = 'Política de Privacidade'

/** Short notice under the contact forms (home, /contato, tools), followed by the link to the policy (PrivacyPolicySentence). */
export const CONSENT_NOTICE = {
  text: 'Usamos seus dados apenas para responder ao seu contato e enviar a proposta solicitada. Você pode pedir a exclusão a qualquer momento. Saiba mais na',
} as const

/** The newsletter asks explicitly: a required checkbox with this label, followed by the link to the policy. */
export const NEWSLETTER_CONSENT = {
  label: 'Quero receber a newsletter por e-mail e concordo com a',
  /** Shown when the box is left unchecked. */
  required: 'Para receber a newsletter, marque a caixa de consentimento.',
} as const
