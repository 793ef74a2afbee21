/**
 * How long the lead path takes to answer a person, so that a bot caught by
 * a trap (abuse.server.ts) cannot tell its quiet success from a person's by
 * the time it takes: a stored lead's answer waits for its transaction and the
 * inline webhook attempt, a trapped post's only for one row in the spam
 * folder. Each accepted post's time is kept (the last RECENT_POSTS, in this
 * process); a trapped post's answer waits until it has taken one of those
 * times, drawn at random, so the two answers take times from one spread.
 */
import { setTimeout as sleep } from 'node:timers/promises'

const RECENT_POSTS = 32
/** No trapped answer waits longer than this (an inline webhook attempt that timed out is not the usual time). */
export const MAX_PACE_MS = 5_000

const recentMs: number[] = []

/** An accepted post was answered `elapsedMs` after it arrived. */
export function recordAnswerTime(elapsedMs: number): void {
  recentMs.push(elapsedMs)
  if (recentMs.length > RECENT_POSTS) recentMs.shift()
}

/** Waits until a trapped post that arrived at `startedAt` (performance.now()) has taken as long as a person's answer; at once while no person has posted. */
export async function paceLikeAcceptedPost(startedAt: number): Promise<void> {
  if (recentMs.length === 0) return
  const target = Math.min(recentMs[Math.floor(Math.random() * recentMs.length)] ?? 0, MAX_PACE_MS)
  const wait = target - (performance.now() - startedAt)
  if (wait > 0) await sleep(wait)
}

/** Forget the times kept (tests). */
export function forgetAnswerTimes(): void {
  recentMs.length = 0
}
