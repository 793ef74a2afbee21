/**
 * The words of the link to /agendar on every lead form's confirmation, apart
 * from the page's (booking-copy.ts): the confirmations of the tools and forms
 * load this line only, not the booking page's words.
 */
export const BOOKING_LINK_TEXT = 'Agendar minha Sessão Estratégica'
