import { create } from 'zustand'

export type SyncStatus =
  | { kind: 'idle' }
  | { kind: 'syncing' }
  | { kind: 'synced'; at: number }
  | { kind: 'offline' }
  | { kind: 'read-only'; message: string }
  | { kind: 'error'; message: string }

/** How cloud sync is doing, for the small status line on the saved wheels page. */
export const useSyncStatus = create<{ status: SyncStatus }>(() => ({ status: { kind: 'idle' } }))

export const setSyncStatus = (status: SyncStatus) => useSyncStatus.setState({ status })
