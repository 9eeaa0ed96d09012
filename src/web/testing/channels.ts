/**
 * The BroadcastChannels open in this test worker. Node's channel is the worker's, not a test file's
 * jsdom's: a session store or saved-wheels start left from an earlier file or test would hear the
 * next one's tabs (and answer them). Every channel opened is recorded (the class is replaced once
 * per worker, kept on globalThis because each file gets fresh modules), so it can be closed as a
 * closed tab's is.
 */
type Shared = { __whirlChannels?: Set<BroadcastChannel> }

function openChannels(): Set<BroadcastChannel> {
  const shared = globalThis as typeof globalThis & Shared
  if (!shared.__whirlChannels) {
    const opened = new Set<BroadcastChannel>()
    shared.__whirlChannels = opened
    const Channel = BroadcastChannel
    globalThis.BroadcastChannel = class extends Channel {
      constructor(name: string) {
        super(name)
        opened.add(this)
      }
      override close() {
        opened.delete(this)
        super.close()
      }
    }
  }
  return shared.__whirlChannels
}

/** Closes every channel opened so far; from now on, every channel opened is recorded. */
export function closeOpenChannels(): void {
  if (typeof BroadcastChannel === 'undefined') return
  for (const channel of [...openChannels()]) channel.close()
}
