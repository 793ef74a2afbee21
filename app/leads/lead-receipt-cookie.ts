/** The receipt cookie's name alone: all the root needs to know whether to load the lead events (lead-receipt.ts). */
export const LEAD_RECEIPT_COOKIE = 'lead_receipt'
