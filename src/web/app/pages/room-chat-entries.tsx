import { lazy, Suspense, useState } from 'react'
import { t } from '../../i18n/i18n'

// Loads on first use: the dialog carries only this button until it is pressed.
const ChatEntriesPanel = lazy(() =>
  import('../../features/giveaway/chat-entries-panel').then((m) => ({ default: m.ChatEntriesPanel })),
)

/**
 * Chat entries in a live room (issue 36): the host's Go live dialog opens the Twitch chat panel;
 * Put on the wheel fills the host's wheel, and the room mirrors it to every screen. The chat is
 * read while the dialog is open.
 */
export function RoomChatEntries() {
  const [open, setOpen] = useState(false)
  return (
    <div className="space-y-3 border-t border-slate-200 pt-3 dark:border-slate-700">
      <button
        type="button"
        aria-expanded={open}
        className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-semibold dark:border-slate-600"
        onClick={() => setOpen((o) => !o)}
      >
        {t('Chat entries')}
      </button>
      {open && (
        <Suspense fallback={<p aria-busy="true">{t('Loading...')}</p>}>
          <ChatEntriesPanel />
        </Suspense>
      )}
    </div>
  )
}
