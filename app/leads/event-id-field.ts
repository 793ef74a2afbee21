/**
 * The hidden field in which a lead form posts its form_submission event id
 * (set in the browser: lead-hidden-fields.tsx). A module of its own so the
 * root can tell a lead post from any other post without bringing the lead
 * forms' definitions into every page's JavaScript.
 */
export const EVENT_ID_FIELD = '_event_id'
