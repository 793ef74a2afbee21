/**
 * The names of the cookies the site sets. Visitors already hold them and the
 * browser's own code reads two of them (the consent choice, the lead
 * receipt), so a name never changes. Everything else about each cookie
 * (flags, lifetime, signing) is in cookies.server.ts; the names live here
 * because browser code cannot import a server module.
 */

/** The visit's first touch: signed, httpOnly, ends with the browsing session. */
export const ORIGIN_COOKIE = 'lead_origin'
/** The admin's session token: httpOnly. */
export const ADMIN_SESSION_COOKIE = 'admin_sessao'
/** A device an admin signed in on (ADR 032): signed, httpOnly, 90 days; the sign-in limit trusts it. */
export const ADMIN_DEVICE_COOKIE = 'admin_dispositivo'
/** The visitor's choice about marketing cookies: read by the page's head script. */
export const CONSENT_COOKIE = 'consentimento'
/** Its two values: until it says `aceito`, no marketing cookie is read or set and no conversion is sent (ADR 031). */
export const CONSENT_GRANTED = 'aceito'
export const CONSENT_DENIED = 'recusado'
export type ConsentChoice = typeof CONSENT_GRANTED | typeof CONSENT_DENIED
/** A stored lead's receipt: read once and deleted by the page's script. */
export const LEAD_RECEIPT_COOKIE = 'lead_receipt'
/** An editor's draft preview (ADR 037): signed, httpOnly, one hour. A shared cache in front must pass a request that carries it. */
export const PREVIEW_COOKIE = 'pre_visualizacao'
/** What a visitor just sent (their name and the form's subject, never an e-mail or phone): the WhatsApp handoff's message (ADR 049). Signed, httpOnly. */
export const WHATSAPP_HANDOFF_COOKIE = 'lead_conversa'
/** Who may book the free strategy session without typing again (issue 44): a stored lead's id and first name. Signed, httpOnly, a day. */
export const BOOKING_VISITOR_COOKIE = 'lead_agenda'
/** A message for the admin's next page only (post/redirect/get: 'Status de N leads alterados.'): signed, httpOnly, read once. */
export const ADMIN_FLASH_COOKIE = 'admin_aviso'
