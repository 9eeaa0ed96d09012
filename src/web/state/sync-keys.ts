// The local-storage keys of cloud sync's records (sync-state.ts reads and writes them), apart from
// their schemas, for the removal on Decline.
export const SYNC_STATE_KEY = 'whirl-sync'
export const SYNC_DELETED_KEY = 'whirl-sync-deleted'
