/**
 * The audit log (ADR 032, 038): every admin action that reads people's data
 * in bulk, changes it or opens the area is written here, by `recordAudit`
 * only (`recordAudits` for several entries in one statement), and read back
 * by /admin/auditoria (newest first, a page at a time, filtered by action,
 * admin and Brasília days). What an entry may hold is
 * said in audit-log.ts: ids and counts, never a lead's personal data.
 */
import { and, asc, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm'
import { brasiliaDayEnd, brasiliaDayStart } from '~/utils/dates'
import { pageWindow } from '~/utils/pager'
import type { Database } from '../../db/client'
import { adminAuditLog } from '../../db/schema'
import { AUDIT_ACTIONS, auditActionLabel, auditDetailsShown, type AuditAction, type AuditDetail, type AuditFilters } from './audit-log'

export const AUDIT_ENTRIES_PER_PAGE = 50

/** The database, or a transaction of it: an entry is written with the change it records, in the same transaction. */
type AuditWriter = Pick<Database, 'insert'>

/** Writes one entry: who (an admin's e-mail, or UNKNOWN_ADMIN), what, and its details (ids and counts only). */
export async function recordAudit(
  db: AuditWriter,
  adminEmail: string,
  action: AuditAction,
  details: Record<string, unknown> = {},
  now = new Date(),
): Promise<void> {
  await recordAudits(db, adminEmail, action, [details], now)
}

/** Writes one entry per details, in their order, in one statement (a bulk change: one entry per lead). */
export async function recordAudits(
  db: AuditWriter,
  adminEmail: string,
  action: AuditAction,
  entries: Array<Record<string, unknown>>,
  now = new Date(),
): Promise<void> {
  if (entries.length === 0) return
  await db.insert(adminAuditLog).values(entries.map((details) => ({ adminEmail, action, details, createdAt: now })))
}

export type AuditEntry = { id: number; createdAt: string; adminEmail: string; action: string; label: string; details: AuditDetail[] }
export type AuditPage = { rows: AuditEntry[]; page: number; pages: number; total: number }

function auditConditions(filters: AuditFilters): SQL | undefined {
  const conditions: Array<SQL | undefined> = [
    filters.acao ? eq(adminAuditLog.action, filters.acao) : undefined,
    filters.admin ? sql`lower(${adminAuditLog.adminEmail}) = lower(${filters.admin})` : undefined,
    filters.de ? gte(adminAuditLog.createdAt, brasiliaDayStart(filters.de)) : undefined,
    filters.ate ? lt(adminAuditLog.createdAt, brasiliaDayEnd(filters.ate)) : undefined,
  ]
  return and(...conditions.filter((condition): condition is SQL => condition !== undefined))
}

/** One page of the entries the view matches, newest first, with their pt-BR names and their details as shown. */
export async function listAudit(db: Database, filters: AuditFilters): Promise<AuditPage> {
  const where = auditConditions(filters)
  const [counted] = await db.select({ total: count() }).from(adminAuditLog).where(where)
  const total = counted?.total ?? 0
  const { page, pages, offset } = pageWindow(total, filters.pagina, AUDIT_ENTRIES_PER_PAGE)
  const rows = await db
    .select()
    .from(adminAuditLog)
    .where(where)
    .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
    .limit(AUDIT_ENTRIES_PER_PAGE)
    .offset(offset)
  return {
    rows: rows.map((row) => ({
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      adminEmail: row.adminEmail,
      action: row.action,
      label: auditActionLabel(row.action),
      details: auditDetailsShown(row.details),
    })),
    page,
    pages,
    total,
  }
}

/** The filter's choices: every action the area records and any other found in the log; the admins found in the log. */
export async function auditChoices(db: Database): Promise<{ actions: string[]; admins: string[] }> {
  const [actions, admins] = await Promise.all([
    db.selectDistinct({ action: adminAuditLog.action }).from(adminAuditLog).orderBy(asc(adminAuditLog.action)),
    db.selectDistinct({ adminEmail: adminAuditLog.adminEmail }).from(adminAuditLog).orderBy(asc(adminAuditLog.adminEmail)),
  ])
  const known = new Set<string>(AUDIT_ACTIONS)
  return {
    actions: [...AUDIT_ACTIONS, ...actions.map((row) => row.action).filter((action) => !known.has(action))],
    admins: admins.map((row) => row.adminEmail),
  }
}
