import type * as z from 'zod/mini'
import { msg } from '../../core/i18n/message-id'
import { themeSyncSchema } from '../../core/sync/theme-schema'
import type { ThemeSync } from '../../core/sync/themes'
import { request } from './client'

/** Cloud sync of custom themes (/api/themes): send this browser's themes, get the account's merged list. */
export const themesApi = {
  sync: (body: ThemeSync) =>
    request('/api/themes/sync', {
      method: 'POST',
      body,
      schema: themeSyncSchema as unknown as z.ZodMiniType<ThemeSync>,
      failure: msg('Could not sync your custom themes.'),
    }),
}
