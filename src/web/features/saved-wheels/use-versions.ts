import { useEffect, useState } from 'react'
import type { VersionSummary } from '../../../core/sync/versions-protocol'
import type { Wheel } from '../../../core/wheel/model'
import { wheelVersionsApi } from '../../api/wheel-versions'
import { localVersions, localVersionWheel } from '../../state/browser-data-versions'
import type { LocalVersionInfo } from '../../state/saved-wheel-versions-db'

/** One line of the Versions list: kept in this browser or in the account. */
export type VersionRow = {
  key: string
  where: 'browser' | 'account'
  /** The time shown: when its content was saved, else when it was kept. */
  at: string
  name: string
  itemCount: number
  bytes: number
  load(): Promise<Wheel | null>
}

/**
 * The browser's and the account's versions as one list, newest first. A version both keep (the
 * same content, saved at the same moment) is listed once, from the browser.
 */
export function mergeVersions(
  wheelId: string,
  local: readonly LocalVersionInfo[],
  account: readonly VersionSummary[],
): VersionRow[] {
  const seen = new Set(local.map((v) => `${v.savedAt}|${v.itemCount}`))
  const rows: VersionRow[] = [
    ...local.map(
      (v): VersionRow => ({
        key: `b:${v.id}`,
        where: 'browser',
        at: v.savedAt ?? v.createdAt,
        name: v.name,
        itemCount: v.itemCount,
        bytes: v.bytes,
        load: () => localVersionWheel(v.id),
      }),
    ),
    ...account
      .filter((v) => !seen.has(`${v.savedAt}|${v.itemCount}`))
      .map(
        (v): VersionRow => ({
          key: `a:${v.id}`,
          where: 'account',
          at: v.savedAt ?? v.createdAt,
          name: v.name,
          itemCount: v.itemCount,
          bytes: v.bytes,
          load: async () => (await wheelVersionsApi.get(wheelId, v.id)).version.wheel,
        }),
      ),
  ]
  return rows.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0))
}

export type VersionsState = {
  rows: VersionRow[] | null
  /** This browser keeps no versions (no IndexedDB here). */
  noLocal: boolean
  /** The account's versions could not be read (the browser's are still listed). */
  error: string | null
}

/** Reads a wheel's versions from this browser and, for Premium, from the account. */
export function useVersions(wheelId: string, premium: boolean, reloads: number): VersionsState {
  const [state, setState] = useState<VersionsState>({ rows: null, noLocal: false, error: null })
  // biome-ignore lint/correctness/useExhaustiveDependencies: `reloads` asks for a fresh read
  useEffect(() => {
    let cancelled = false
    setState((s) => ({ ...s, rows: null }))
    const read = async () => {
      const [local, account] = await Promise.all([
        localVersions(wheelId).catch(() => null),
        premium
          ? wheelVersionsApi.list(wheelId).then(
              (answer) => ({ versions: answer.versions, error: null }),
              (error: unknown) => ({ versions: [], error: (error as Error).message }),
            )
          : Promise.resolve({ versions: [], error: null }),
      ])
      if (cancelled) return
      setState({
        rows: mergeVersions(wheelId, local ?? [], account.versions),
        noLocal: local === null,
        error: account.error,
      })
    }
    void read()
    return () => {
      cancelled = true
    }
  }, [wheelId, premium, reloads])
  return state
}
