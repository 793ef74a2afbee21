/**
 * The client-side lead log: what happened to each lead in this browser, for the
 * debug panel of /demo/origin-tracking and for support. At most 1000 entries in
 * memory; the last 100 kept in localStorage under `leadTrackingLogs`; the ten
 * most recent by default. A storage failure warns and logging goes on. Entries
 * carry no contact data (name, e-mail, phone): localStorage outlives the visit,
 * and nothing there needs them.
 */

export const LEAD_LOG_STORAGE_KEY = 'leadTrackingLogs'
export const LEAD_LOG_MEMORY_LIMIT = 1000
export const LEAD_LOG_STORED_LIMIT = 100
export const LEAD_LOG_DEFAULT_RECENT = 10
export const LEAD_LOG_STORAGE_WARNING = 'Não foi possível salvar o registro de leads no navegador'

export type LeadLogAction = 'form_submit' | 'webhook_success' | 'webhook_error' | 'lead_capture'

export type LeadLogEntry = {
  id: string
  timestamp: string
  formId: string
  action: LeadLogAction
  data: Record<string, unknown>
  userAgent: string
  pageUrl: string
}

type StorageLike = Pick<Storage, 'getItem' | 'setItem'>

export class LeadLog {
  #entries: LeadLogEntry[] = []
  readonly #storage: () => StorageLike | null

  constructor(storage: () => StorageLike | null = () => (typeof localStorage === 'undefined' ? null : localStorage)) {
    this.#storage = storage
    try {
      const stored: unknown = JSON.parse(this.#storage()?.getItem(LEAD_LOG_STORAGE_KEY) ?? '[]')
      if (Array.isArray(stored)) this.#entries = stored.filter(isEntry).slice(-LEAD_LOG_STORED_LIMIT)
    } catch {
      // Blocked or damaged storage: start empty.
    }
  }

  add(entry: Omit<LeadLogEntry, 'id' | 'timestamp' | 'userAgent' | 'pageUrl'> & Partial<Pick<LeadLogEntry, 'userAgent' | 'pageUrl'>>): LeadLogEntry {
    const full: LeadLogEntry = {
      id: `log_${Date.now()}_${Math.random().toString(36).slice(2, 10)}`,
      timestamp: new Date().toISOString(),
      userAgent: entry.userAgent ?? (typeof navigator === 'undefined' ? '' : navigator.userAgent),
      pageUrl: entry.pageUrl ?? (typeof location === 'undefined' ? '' : location.href),
      ...entry,
    }
    this.#entries.push(full)
    if (this.#entries.length > LEAD_LOG_MEMORY_LIMIT) this.#entries.splice(0, this.#entries.length - LEAD_LOG_MEMORY_LIMIT)
    try {
      this.#storage()?.setItem(LEAD_LOG_STORAGE_KEY, JSON.stringify(this.#entries.slice(-LEAD_LOG_STORED_LIMIT)))
    } catch (error) {
      console.warn(LEAD_LOG_STORAGE_WARNING, error)
    }
    return full
  }

  /** The most recent entries, newest first. */
  recent(count = LEAD_LOG_DEFAULT_RECENT): LeadLogEntry[] {
    return this.#entries.slice(-count).reverse()
  }

  get size(): number {
    return this.#entries.length
  }
}

function isEntry(value: unknown): value is LeadLogEntry {
  return typeof value === 'object' && value !== null && 'id' in value && 'action' in value && 'formId' in value
}

let shared: LeadLog | null = null

/** The page's one lead log (created on first use, in the browser). */
export const leadLog = () => (shared ??= new LeadLog())
